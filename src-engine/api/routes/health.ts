import { Router } from 'express';
import type { EngineContext } from '../../engine-context.js';

/** `GET /health` needs no key and says only that the engine is up, its version and uptime. */
export function healthRoutes(ctx: EngineContext): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ success: true, status: 'ok', version: ctx.version, uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000) });
  });
  return router;
}
