import { Router } from 'express';
import type { EngineContext } from '../../engine-context.js';
import { asyncRoute, jobIdOf, paginationOf } from '../route-helpers.js';

/** Trawl's job listing: every crawl and batch of this engine, and the per-URL table of one job. */
export function jobsRoutes(ctx: EngineContext): Router {
  const router = Router();
  router.get(
    '/v2/jobs',
    asyncRoute((_req, res) => {
      res.json({ success: true, jobs: ctx.jobs.list() });
    }),
  );
  router.get(
    '/v2/jobs/:id/pages',
    asyncRoute((req, res) => {
      const { record, tables } = ctx.jobs.lookup(jobIdOf(req));
      const { skip, limit } = paginationOf(req);
      res.json({ success: true, total: tables.pages.count(record.id), pages: tables.pages.list(record.id, skip, limit ?? 1000) });
    }),
  );
  return router;
}
