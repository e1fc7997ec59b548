import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { orderDocumentKindOf, orderFileLimits, orderIdPattern, type OrderDocumentKind } from '../../../shared/orders';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { actorFrom } from '../../trpc/context';
import { toAppErrorPayload, trpcErrorOf } from '../../trpc/init';
import { requireMember } from '../auth/member-session.service';
import { staffOrdersExport } from './orders-export';
import { readOrderFile, uploadOrderFile, type OrderFileViewer, type UploadKind } from './order-files.service';

const uploadKinds: readonly UploadKind[] = ['remittance', 'signedQuotation', 'invoice'];

/**
 * An order's files as raw bytes (not through tRPC): `PUT` and `GET <prefix>/orders/<id>/<kind>`,
 * kind one of quotation, terms (read only), remittance, signed-quotation, invoice. Mounted twice: at /member-files for members
 * (member cookie) and at /admin-files for staff (staff cookie only), so each area acts as itself.
 * Errors answer `{code, params}` of the catalogue.
 */
export function orderFileRoutes(deps: Deps, area: 'portal' | 'admin', cookiesOf: (req: Request, res: Response) => CookieJar, isCrossSite: (req: Request) => boolean): Router {
  const routes = express.Router();

  async function viewerOf(req: Request, res: Response): Promise<OrderFileViewer> {
    const actor = await actorFrom(deps, cookiesOf(req, res), area);
    if (area === 'admin' && actor.kind === 'staff') return { ...actor, address: req.ip ?? null };
    if (area === 'portal' && actor.kind === 'member') return { kind: 'member', userId: (await requireMember(deps, actor.userId, { allowPending: false })).id };
    throw new AppError('MissingAuthentication');
  }

  function target(req: Request): { orderId: string; kind: OrderDocumentKind } {
    const orderId = String(req.params.orderId);
    const kind = orderDocumentKindOf(String(req.params.kind));
    if (!orderIdPattern.test(orderId) || !kind) throw new AppError('NotFound');
    return { orderId, kind };
  }

  function uploadTarget(req: Request): { orderId: string; kind: UploadKind } {
    const { orderId, kind } = target(req);
    if (!(uploadKinds as readonly string[]).includes(kind)) throw new AppError('NotFound');
    return { orderId, kind: kind as UploadKind };
  }

  function fail(res: Response, error: unknown, req: Request) {
    if (error instanceof AppError) {
      res.status(getHTTPStatusCodeFromError(trpcErrorOf(error))).json(toAppErrorPayload(error));
      return;
    }
    req.log.error({ err: error }, 'order file request failed');
    res.status(500).json({ code: 'Unknown', params: {} });
  }

  routes.put(
    '/orders/:orderId/:kind',
    (req, res, next) => {
      if (isCrossSite(req)) {
        res.status(403).json({ code: 'Unauthorized', params: { reason: 'crossSite' } });
        return;
      }
      next();
    },
    // Who asks and what for is checked before the body is read.
    async (req, res, next) => {
      try {
        res.locals.viewer = await viewerOf(req, res);
        res.locals.target = uploadTarget(req);
        next();
      } catch (error) {
        fail(res, error, req);
      }
    },
    express.raw({ type: () => true, limit: orderFileLimits.maxBytes }),
    async (req, res) => {
      try {
        const { orderId, kind } = res.locals.target as ReturnType<typeof uploadTarget>;
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        res.json(await uploadOrderFile(deps, res.locals.viewer as OrderFileViewer, orderId, kind, bytes));
      } catch (error) {
        fail(res, error, req);
      }
    },
  );

  if (area === 'admin') {
    // GET /admin-files/orders.csv?status=&from=&to=&encoding=big5|utf8: the staff order list as CSV, streamed.
    routes.get('/orders.csv', async (req, res) => {
      try {
        const viewer = await viewerOf(req, res);
        if (viewer.kind !== 'staff') throw new AppError('MissingAuthentication');
        const csv = await staffOrdersExport(deps, viewer.staffId, req.query);
        res.setHeader('content-type', csv.contentType);
        res.setHeader('content-disposition', `attachment; filename="${csv.filename}"`);
        res.setHeader('cache-control', 'private, no-store');
        await csv.write(res);
      } catch (error) {
        if (res.headersSent) {
          req.log.error({ err: error }, 'order export failed while streaming');
          res.destroy();
          return;
        }
        fail(res, error, req);
      }
    });
  }

  routes.get('/orders/:orderId/:kind', async (req, res) => {
    try {
      const viewer = await viewerOf(req, res);
      const { orderId, kind } = target(req);
      const { bytes, contentType } = await readOrderFile(deps, viewer, orderId, kind);
      const extension = contentType === 'application/pdf' ? 'pdf' : (contentType.split('/')[1] ?? 'bin');
      res.setHeader('content-type', contentType);
      res.setHeader('content-disposition', `inline; filename="${orderId}-${req.params.kind}.${extension}"`);
      res.setHeader('cache-control', 'private, no-store');
      res.send(bytes);
    } catch (error) {
      fail(res, error, req);
    }
  });

  routes.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if ((error as { type?: string }).type === 'entity.too.large') {
      res.status(413).json({ code: 'OutOfRange', params: { min: 1, max: orderFileLimits.maxBytes } });
      return;
    }
    next(error);
  });
  return routes;
}
