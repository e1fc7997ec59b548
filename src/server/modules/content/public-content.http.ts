import express, { type Router } from 'express';
import { publicBannersOutput } from '../../../shared/content';
import { publicBannersPath } from '../../../shared/public-content';
import type { Deps } from '../../deps';
import { languageFrom } from '../../trpc/context';
import { publicBanners } from './media.service';

/**
 * `GET /public-content/banners?lang=<language>`: today's banners as plain JSON, checked by their output
 * schema, for the landing page, which loads no tRPC client (the home page rendered on the server reads
 * the same service).
 */
export function publicContentRoutes(deps: Deps): Router {
  const routes = express.Router();
  routes.get(publicBannersPath, async (req, res, next) => {
    try {
      const language = languageFrom(typeof req.query.lang === 'string' ? req.query.lang : undefined);
      // Published, hidden or dated by staff at any moment: the browser asks again each time (ETag answers 304).
      res.setHeader('Cache-Control', 'no-cache');
      res.json(publicBannersOutput.parse(await publicBanners(deps, language)));
    } catch (error) {
      next(error);
    }
  });
  return routes;
}
