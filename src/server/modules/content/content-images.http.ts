import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type Request, type Response, type Router } from 'express';
import { contentImageOutput, newsLimits } from '../../../shared/content';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { actorFrom } from '../../trpc/context';
import { toAppErrorPayload, trpcErrorOf } from '../../trpc/init';
import { readContentImage, uploadContentImage } from './content-images.service';

function fail(res: Response, error: unknown, req: Request) {
  if (error instanceof AppError) {
    res.status(getHTTPStatusCodeFromError(trpcErrorOf(error))).json(toAppErrorPayload(error));
    return;
  }
  req.log.error({ err: error }, 'news image request failed');
  res.status(500).json({ code: 'Unknown', params: {} });
}

/** `PUT /admin-files/content-images`: a news image as raw bytes, by content staff (staff cookie, same site). */
export function contentImageUploadRoutes(deps: Deps, cookiesOf: (req: Request, res: Response) => CookieJar, isCrossSite: (req: Request) => boolean): Router {
  const routes = express.Router();
  routes.put(
    '/content-images',
    async (req, res, next) => {
      try {
        if (isCrossSite(req)) throw new AppError('Unauthorized', { action: 'uploadImage', reason: 'crossSite' });
        const actor = await actorFrom(deps, cookiesOf(req, res), 'admin');
        if (actor.kind !== 'staff') throw new AppError('MissingAuthentication');
        res.locals.staffId = actor.staffId;
        next();
      } catch (error) {
        fail(res, error, req);
      }
    },
    express.raw({ type: () => true, limit: newsLimits.imageBytes }),
    async (req, res) => {
      try {
        res.json(contentImageOutput.parse(await uploadContentImage(deps, res.locals.staffId as string, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0))));
      } catch (error) {
        fail(res, error, req);
      }
    },
  );
  return routes;
}

/** `GET /content-images/<name>`: a published news image for everyone; names never change, so caches keep them. */
export function contentImageRoutes(deps: Deps): Router {
  const routes = express.Router();
  routes.get('/:name', async (req, res) => {
    try {
      const { bytes, contentType } = await readContentImage(deps, String(req.params.name));
      res.setHeader('content-type', contentType);
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader('x-content-type-options', 'nosniff');
      res.send(bytes);
    } catch (error) {
      fail(res, error, req);
    }
  });
  return routes;
}
