import compression from 'compression';
import { sql } from 'drizzle-orm';
import express, { type Express } from 'express';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { actorFrom, areaFrom, languageFrom, type Context } from '../trpc/context';
import { httpCookieJar } from './cookies';
import { appRouter } from '../trpc/router';
import { useRequestLog } from './request-log';
import { trpcHandler } from './trpc-handler';
import { securityHeaders, setApiHeaders } from './security';
import { sessionProbe } from './session-probe';
import { sessionProbePath } from '../../shared/session-probe';
import { businessCardRoutes } from '../modules/accounts/business-card.http';
import { paymentCallbackRoutes } from '../modules/orders/payment-callback.http';
import type { PaymentEmulator } from '../payment-emulator/payment-emulator';
import { orderFileRoutes } from '../modules/orders/order-files.http';
import { teamFileRoutes } from '../modules/teams/team-files.http';
import { contentImagePath } from '../../shared/content';
import { contentImageRoutes, contentImageUploadRoutes } from '../modules/content/content-images.http';
import { publicContentRoutes } from '../modules/content/public-content.http';
import { recordsExportRoutes } from '../modules/points/records-export.http';
import { EMULATOR_MOUNT } from '../modules/platform/platform.setup';
import { createPlatformEmulatorRouter } from '../platform-emulator/emulator.router';

export interface HttpState {
  ready: boolean;
}

/** /healthz answers within this, whatever the database does. */
const HEALTH_DEADLINE_MS = 2_000;

/** The Express app: compression, request-id logging, tRPC with an API answer's headers, then security headers, health checks and the rest. The web app is mounted by the caller, then answerErrors (http/errors.ts). */
export function createHttpApp(deps: Deps, state: HttpState, options: { development: boolean; trustProxy?: string; platformEmulatorKey?: string; paymentEmulator?: PaymentEmulator }): Express {
  const app = express();
  // Express reads NODE_ENV itself and shows stacks when it is unset; env.ts decides instead.
  app.set('env', options.development ? 'development' : 'production');
  app.disable('x-powered-by');
  if (options.trustProxy) app.set('trust proxy', trustProxySetting(options.trustProxy));
  useRequestLog(app, deps.log);
  // Cookies are SameSite=Strict; on top of that, a state-changing call from another origin is refused.
  const isCrossSite = (req: express.Request) => {
    const origin = req.header('origin');
    return Boolean(origin && origin !== `${req.protocol}://${req.header('host')}` && origin !== deps.config.PUBLIC_URL?.replace(/\/$/, ''));
  };
  const secureCookies = deps.config.PUBLIC_URL?.startsWith('https://') ?? false;
  const trpc = trpcHandler({
    router: appRouter,
    maxBodySize: 256 * 1024,
    async createContext(req, res): Promise<Context> {
      const cookies = httpCookieJar(req, res, secureCookies);
      return {
        deps,
        actor: await actorFrom(deps, cookies, areaFrom(req.header('x-portal-area'))),
        language: languageFrom(req.header('x-portal-language')),
        cookies,
        ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        userAgent: req.header('user-agent'),
      };
    },
    onError({ error, req, path }) {
      if (error.cause instanceof AppError || error.code !== 'INTERNAL_SERVER_ERROR') return;
      req.log.error({ err: error.cause ?? error, path, requestId: req.id }, 'unexpected error');
    },
  });
  // First of the routes: an API call passes no other route's matching, and carries the headers of
  // an API answer (no cache among them: it may carry a member's data) instead of a page's. One
  // handler, not three: each handler of a route costs a path match on every call.
  app.use('/trpc', (req, res) => {
    setApiHeaders(res);
    if (req.method === 'POST' && isCrossSite(req)) {
      res.status(403).json({ error: { message: 'Unauthorized', data: { app: { code: 'Unauthorized', params: { reason: 'crossSite' } } } } });
      return;
    }
    trpc(req, res);
  });
  // Pages and files compressed on the fly (brotli or gzip; API answers are compressed whole by
  // trpcHandler, hashed assets come precompressed), and they carry helmet's headers.
  app.use(compression());
  app.use(securityHeaders(options.development));
  // A health check answers within its deadline even when the database hangs (a lock, a dead network).
  app.get('/healthz', async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_DEADLINE_MS} ms`)), HEALTH_DEADLINE_MS);
    });
    try {
      await Promise.race([deps.db.execute(sql`select 1`), deadline]);
      res.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      deps.log.error({ err: error }, 'health check: database unreachable');
      res.status(503).json({ status: 'error', database: 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
  app.get('/readyz', (_req, res) => {
    res.status(state.ready ? 200 : 503).json({ status: state.ready ? 'ready' : 'not ready' });
  });

  app.get(sessionProbePath, sessionProbe());

  // Member files may carry a member's data too.
  app.use(['/member-files', '/admin-files'], (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (options.platformEmulatorKey) {
    app.use(EMULATOR_MOUNT, createPlatformEmulatorRouter({ db: deps.db, key: options.platformEmulatorKey, clock: deps.clock, log: deps.log }));
  }
  if (options.paymentEmulator) app.use('/payment-emulator', options.paymentEmulator.router());
  app.use('/payment-callback', paymentCallbackRoutes(deps));
  app.use('/member-files', businessCardRoutes(deps, (req, res) => httpCookieJar(req, res, secureCookies), isCrossSite));
  app.use('/member-files', orderFileRoutes(deps, 'portal', (req, res) => httpCookieJar(req, res, secureCookies), isCrossSite));
  app.use('/admin-files', orderFileRoutes(deps, 'admin', (req, res) => httpCookieJar(req, res, secureCookies), isCrossSite));
  app.use('/member-files', teamFileRoutes(deps, (req, res) => httpCookieJar(req, res, secureCookies)));
  app.use('/points-export', recordsExportRoutes(deps, (req, res) => httpCookieJar(req, res, secureCookies)));
  app.use('/admin-files', contentImageUploadRoutes(deps, (req, res) => httpCookieJar(req, res, secureCookies), isCrossSite));
  app.use(contentImagePath, contentImageRoutes(deps));
  app.use(publicContentRoutes(deps));
  return app;
}

/** Express's 'trust proxy' from TRUST_PROXY: a hop count, true/false, or addresses and names such as 'loopback'. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
