import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { businessCardLimits } from '../../../shared/accounts';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { memberFromCookie, requireMember } from '../auth/member-session.service';
import { toAppErrorPayload, trpcErrorOf } from '../../trpc/init';
import { readBusinessCard, uploadBusinessCard } from './accounts.service';

/**
 * The business card travels as raw bytes, not through tRPC (whose JSON bodies stay small):
 * PUT /member-files/business-card[?overwrite=1] and GET /member-files/business-card, for the
 * signed-in member only. Errors answer `{code, params}` of the catalogue.
 */
export function businessCardRoutes(deps: Deps, cookiesOf: (req: Request, res: Response) => CookieJar, isCrossSite: (req: Request) => boolean): Router {
  const routes = express.Router();

  async function memberId(req: Request, res: Response): Promise<string> {
    const member = await memberFromCookie(deps, cookiesOf(req, res));
    if (!member) throw new AppError('MissingAuthentication');
    return (await requireMember(deps, member.userId, { allowPending: false })).id;
  }

  function fail(res: Response, error: unknown, req: Request) {
    if (error instanceof AppError) {
      res.status(getHTTPStatusCodeFromError(trpcErrorOf(error))).json(toAppErrorPayload(error));
      return;
    }
    req.log.error({ err: error }, 'business card request failed');
    res.status(500).json({ code: 'Unknown', params: {} });
  }

  routes.put(
    '/business-card',
    (req, res, next) => {
      if (isCrossSite(req)) {
        res.status(403).json({ code: 'Unauthorized', params: { reason: 'crossSite' } });
        return;
      }
      next();
    },
    // The session is checked before the body is read: a visitor does not get 5 MB read for nothing.
    async (req, res, next) => {
      try {
        res.locals.userId = await memberId(req, res);
        next();
      } catch (error) {
        fail(res, error, req);
      }
    },
    express.raw({ type: () => true, limit: businessCardLimits.maxBytes }),
    async (req, res) => {
      try {
        const userId = res.locals.userId as string;
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        res.json(await uploadBusinessCard(deps, userId, bytes, { overwrite: req.query.overwrite === '1' }));
      } catch (error) {
        fail(res, error, req);
      }
    },
  );

  routes.get('/business-card', async (req, res) => {
    try {
      const { bytes, contentType } = await readBusinessCard(deps, await memberId(req, res));
      res.setHeader('content-type', contentType);
      res.setHeader('content-disposition', `inline; filename="business-card.${contentType === 'application/pdf' ? 'pdf' : contentType.split('/')[1]}"`);
      res.setHeader('cache-control', 'private, no-store');
      res.send(bytes);
    } catch (error) {
      fail(res, error, req);
    }
  });

  // A body over the limit: OutOfRange, like the service says for an empty or oversized file.
  routes.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if ((error as { type?: string }).type === 'entity.too.large') {
      res.status(413).json({ code: 'OutOfRange', params: { min: 1, max: businessCardLimits.maxBytes } });
      return;
    }
    next(error);
  });
  return routes;
}
