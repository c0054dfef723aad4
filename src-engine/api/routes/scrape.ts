import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { scrapeRequestSchema, type FormatEntry } from '../../contracts/index.js';
import { requiresLlm } from '../../formats/json.js';
import { EngineError } from '../../errors/engine-error.js';
import { llmNotConfiguredError } from '../../llm/llm-not-configured.js';
import { compileSchema } from '../../llm/schema-validator.js';
import type { EngineContext } from '../../engine-context.js';
import { asyncRoute, parseBody } from '../route-helpers.js';

/**
 * Rejects, before any work starts, JSON schemas that cannot be compiled (with the field's path,
 * `pathPrefix` locating the formats in the body) and formats that need a model none is configured for.
 */
export function rejectUnservableLlmFormats(ctx: EngineContext, formats: FormatEntry[], pathPrefix: (string | number)[] = []): void {
  formats.forEach((format, index) => {
    if ((format.type !== 'json' && format.type !== 'changeTracking') || format.schema === undefined) return;
    try {
      compileSchema(format.schema);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new EngineError('BAD_REQUEST', 'Bad Request', {
        details: [{ code: 'custom', message, path: [...pathPrefix, 'formats', index, 'schema'] }],
      });
    }
  });
  if (ctx.llm()) return;
  for (const format of formats) {
    const jsonLike = format.type === 'json' ? format : format.type === 'changeTracking' && format.modes.includes('json') ? { type: 'json' as const, prompt: format.prompt, schema: format.schema } : undefined;
    if (jsonLike && requiresLlm(jsonLike)) {
      throw llmNotConfiguredError(
        format.type === 'json' ? 'The json format with only a prompt' : 'Change tracking in json mode without a schema',
      );
    }
  }
}

/** `POST /v2/scrape`: one URL, synchronously. */
export function scrapeRoutes(ctx: EngineContext): Router {
  const router = Router();
  router.post(
    '/v2/scrape',
    asyncRoute(async (req, res) => {
      const request = parseBody(scrapeRequestSchema, req.body);
      rejectUnservableLlmFormats(ctx, request.formats);
      const abort = new AbortController();
      res.on('close', () => {
        if (!res.writableEnded) abort.abort();
      });
      const outcome = await ctx.scraper.scrape({
        url: request.url,
        sourceURL: String((req.body as { url: unknown }).url),
        options: request,
        zeroDataRetention: request.zeroDataRetention,
        scrapeId: randomUUID(),
        signal: abort.signal,
      });
      ctx.addCredits(outcome.document.metadata.creditsUsed ?? 1);
      res.json({ success: true, data: outcome.document });
    }),
  );
  return router;
}
