import compression from 'compression';
import { sql } from 'drizzle-orm';
import express, { type Express } from 'express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { actorFrom, areaFrom, languageFrom, type Context } from '../trpc/context';
import { httpCookieJar } from './cookies';
import { followAnswers } from './closing';
import { appRouter } from '../trpc/router';
import { requestLog, useRequestLog } from './request-log';
import { clientAddress, crossSiteCheck, headerOf, type TrustProxy } from './request-origin';
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

export interface HttpApp {
  /** Everything but the API: health checks, files, emulators; the caller mounts the web app on it, then answerErrors (http/errors.ts). */
  express: Express;
  /** A server answering /trpc with the API and everything else with `express`; close it with closeServer (http/closing.ts) to let its answers finish. */
  listen(port: number, host: string, onListening?: () => void): Server;
}

/** The portal's HTTP side: the API (tRPC with an API answer's headers), and the Express app with compression, security headers, health checks and the rest. */
export function createHttpApp(deps: Deps, state: HttpState, options: { development: boolean; trustProxy?: string; platformEmulatorKey?: string; paymentEmulator?: PaymentEmulator }): HttpApp {
  const app = express();
  // Express reads NODE_ENV itself and shows stacks when it is unset; env.ts decides instead.
  app.set('env', options.development ? 'development' : 'production');
  app.disable('x-powered-by');
  if (options.trustProxy) app.set('trust proxy', trustProxySetting(options.trustProxy));
  // Express compiles the setting; the API reads the client's address and protocol with the same function.
  const trust = app.get('trust proxy fn') as TrustProxy;
  const requests = requestLog(deps.log);
  useRequestLog(app, requests);
  const isCrossSite = crossSiteCheck(trust, deps.config.PUBLIC_URL);
  const secureCookies = deps.config.PUBLIC_URL?.startsWith('https://') ?? false;
  const trpc = trpcHandler({
    router: appRouter,
    maxBodySize: 256 * 1024,
    async createContext(req, res): Promise<Context> {
      const cookies = httpCookieJar(req, res, secureCookies);
      return {
        deps,
        actor: await actorFrom(deps, cookies, areaFrom(headerOf(req, 'x-portal-area'))),
        language: languageFrom(headerOf(req, 'x-portal-language')),
        cookies,
        ip: clientAddress(req, trust) ?? 'unknown',
        userAgent: req.headers['user-agent'],
      };
    },
    onError({ error, req, path }) {
      if (error.cause instanceof AppError || error.code !== 'INTERNAL_SERVER_ERROR') return;
      requests.loggerOf(req).error({ err: error.cause ?? error, path, requestId: req.id }, 'unexpected error');
    },
  });
  // An API call carries the headers of an API answer (no cache among them: it may carry a member's
  // data) instead of a page's, and a state-changing one from another site is refused.
  const api = (req: IncomingMessage, res: ServerResponse): void => {
    requests.begin(req, res);
    setApiHeaders(res);
    if (req.method === 'POST' && isCrossSite(req)) {
      const body = JSON.stringify({ error: { message: 'Unauthorized', data: { app: { code: 'Unauthorized', params: { reason: 'crossSite' } } } } });
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    trpc(req, res);
  };
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
  // The API is answered from Node's request and response, ahead of Express: Express gives every
  // request and response a prototype of its own, and with it about 19 KB of each API call outlived
  // the young generation and filled the old one, whose collections paused the calls behind them
  // (bench/README.md, "Where the p99 at half rate goes").
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (isApiPath(req.url ?? '/')) api(req, res);
    else app(req, res);
  };
  return { express: app, listen: (port, host, onListening) => followAnswers(createServer(listener)).listen(port, host, onListening) };
}

/** /trpc and what lies under it, as `app.use('/trpc')` matched it (its case aside). */
function isApiPath(url: string): boolean {
  return url.startsWith('/trpc') && (url.length === 5 || url[5] === '/' || url[5] === '?');
}

/** Express's 'trust proxy' from TRUST_PROXY: a hop count, true/false, or addresses and names such as 'loopback'. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
