import { Router } from 'express';
import type { EngineContext } from '../../engine-context.js';
import { EngineError } from '../../errors/engine-error.js';
import { asyncRoute } from '../route-helpers.js';

/** Nothing is billed locally: the "remaining" figures are a large constant, as self-hosted Firecrawl reports. */
const UNLIMITED = 99_999_999;

/** Account-like routes the SDK calls, answered for a local engine; search and extract are not offered. */
export function teamRoutes(ctx: EngineContext): Router {
  const router = Router();
  router.get(
    '/v2/concurrency-check',
    asyncRoute((_req, res) => {
      res.json({ success: true, concurrency: ctx.activeTasks(), maxConcurrency: ctx.settings.effective().globalConcurrency });
    }),
  );
  router.get(
    '/v2/team/credit-usage',
    asyncRoute((_req, res) => {
      res.json({ success: true, data: { remainingCredits: UNLIMITED, creditsUsed: ctx.creditsUsed() } });
    }),
  );
  router.get(
    '/v2/team/token-usage',
    asyncRoute((_req, res) => {
      res.json({ success: true, data: { remainingTokens: UNLIMITED } });
    }),
  );
  const notSupported = asyncRoute((req) => {
    const what = req.path.includes('search') ? 'Web search (/v2/search)' : 'Extract (/v2/extract)';
    throw new EngineError('NOT_SUPPORTED', `${what} is not supported by this engine: it runs locally without a search index. Use /v2/scrape, /v2/map or /v2/crawl.`);
  });
  router.post('/v2/search', notSupported);
  router.post('/v2/extract', notSupported);
  router.get('/v2/extract/:id', notSupported);
  return router;
}
