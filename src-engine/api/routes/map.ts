import { Router } from 'express';
import { mapRequestSchema } from '../../contracts/index.js';
import type { EngineContext } from '../../engine-context.js';
import { asyncRoute, parseBody } from '../route-helpers.js';

/** `POST /v2/map`: a site's URLs from sitemaps and a fast link discovery, without scraping. */
export function mapRoutes(ctx: EngineContext): Router {
  const router = Router();
  router.post(
    '/v2/map',
    asyncRoute(async (req, res) => {
      const request = parseBody(mapRequestSchema, req.body);
      const links = await ctx.mapper.map(request);
      ctx.addCredits(1);
      res.json({ success: true, links });
    }),
  );
  return router;
}
