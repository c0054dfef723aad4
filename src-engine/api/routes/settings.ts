import { Router } from 'express';
import { runtimeSettingsSchema } from '../../config/settings-file.js';
import type { EngineContext } from '../../engine-context.js';
import { asyncRoute, baseUrlOf, parseBody } from '../route-helpers.js';

function view(ctx: EngineContext, apiUrl: string) {
  const s = ctx.settings.effective();
  return {
    apiUrl,
    dataDir: ctx.options.dataDir,
    chromiumPath: s.chromiumPath,
    browser: ctx.browserStatus(),
    llm: { baseUrl: s.llm.baseUrl ?? null, model: s.llm.model ?? null, hasApiKey: Boolean(s.llm.apiKey) },
    globalConcurrency: s.globalConcurrency,
    perHostConcurrency: s.perHostConcurrency,
    perHostDelayMs: s.perHostDelayMs,
    webhookSecret: ctx.settings.webhookSecret(),
  };
}

/** Trawl's settings routes for the UI: read, change, rotate the key and the webhook secret, test the model. */
export function settingsRoutes(ctx: EngineContext): Router {
  const router = Router();
  router.get('/v2/settings', asyncRoute((req, res) => void res.json({ success: true, settings: view(ctx, baseUrlOf(req)) })));
  router.put(
    '/v2/settings',
    asyncRoute((req, res) => {
      ctx.settings.update(parseBody(runtimeSettingsSchema, req.body));
      res.json({ success: true, settings: view(ctx, baseUrlOf(req)) });
    }),
  );
  router.post('/v2/settings/rotate-key', asyncRoute((_req, res) => void res.json({ success: true, apiKey: ctx.settings.rotateApiKey() })));
  router.post(
    '/v2/settings/rotate-webhook-secret',
    asyncRoute((_req, res) => void res.json({ success: true, webhookSecret: ctx.settings.rotateWebhookSecret() })),
  );
  router.post(
    '/v2/settings/llm-test',
    asyncRoute(async (_req, res) => {
      const llm = ctx.llm();
      if (!llm) {
        res.json({ success: true, ok: false, error: 'No LLM provider is configured (base URL and model).' });
        return;
      }
      res.json({ success: true, ...(await llm.testConnection()) });
    }),
  );
  return router;
}
