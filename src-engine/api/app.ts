import express, { type Express } from 'express';
import type { EngineContext } from '../engine-context.js';
import { EngineError } from '../errors/engine-error.js';
import { requireApiKey } from './middleware/auth.js';
import { errorEnvelope } from './middleware/error-envelope.js';
import { hostAndOriginGuard } from './middleware/host-origin-guard.js';
import { batchRoutes } from './routes/batch.js';
import { crawlRoutes } from './routes/crawl.js';
import { eventsRoutes } from './routes/events.js';
import { healthRoutes } from './routes/health.js';
import { jobsRoutes } from './routes/jobs.js';
import { mapRoutes } from './routes/map.js';
import { scrapeRoutes } from './routes/scrape.js';
import { settingsRoutes } from './routes/settings.js';
import { teamRoutes } from './routes/team.js';
import { uiStaticRoutes } from './ui-static.js';

/** The origins allowed to call the API from a browser besides the engine's own (the desktop app's). */
export function allowedOriginsOf(ctx: EngineContext): () => ReadonlySet<string> {
  const origins = new Set(['app://trawl', ...ctx.options.allowedOrigins]);
  return () => origins;
}

/**
 * The HTTP API: host/origin guard first (before anything else answers), then `/health` and the
 * UI without a key, then every `/v2` route behind the Bearer key, then the JSON error envelope.
 */
export function createApi(ctx: EngineContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('etag', false);
  app.use(hostAndOriginGuard(allowedOriginsOf(ctx)));
  app.use(healthRoutes(ctx));
  app.use('/v2', requireApiKey(() => ctx.settings.apiKey()));
  app.use('/v2', express.json({ limit: '10mb', strict: false, type: () => true }));
  app.use(scrapeRoutes(ctx));
  app.use(crawlRoutes(ctx));
  app.use(batchRoutes(ctx));
  app.use(mapRoutes(ctx));
  app.use(teamRoutes(ctx));
  app.use(jobsRoutes(ctx));
  app.use(eventsRoutes(ctx));
  app.use(settingsRoutes(ctx));
  app.use(uiStaticRoutes(ctx.options.uiDir));
  app.use((req, _res, next) => next(new EngineError('NOT_FOUND', `Not found: ${req.method} ${req.path}`)));
  app.use(errorEnvelope((message) => ctx.options.logLevel !== 'silent' && console.error(message)));
  return app;
}
