import { Router } from 'express';
import { crawlRequestSchema, paramsPreviewRequestSchema, type CrawlRequest } from '../../contracts/index.js';
import { EngineError } from '../../errors/engine-error.js';
import type { EngineContext } from '../../engine-context.js';
import { buildJobErrors } from '../../jobs/job-status.js';
import { generateCrawlerOptions } from '../../llm/generate-crawler-options.js';
import { mergePromptOptions } from '../../llm/merge-prompt-options.js';
import { planScrape } from '../../scrape/plan.js';
import { asyncRoute, baseUrlOf, jobIdOf, parseBody } from '../route-helpers.js';
import { rejectUnservableLlmFormats } from './scrape.js';
import { cancelJob, sendJobStatus } from './job-routes.js';

/** Fails at once (400) when the crawl's scrape options need a browser or a model that is not there. */
export function checkServable(ctx: EngineContext, scrapeOptions: CrawlRequest['scrapeOptions']): void {
  rejectUnservableLlmFormats(ctx, scrapeOptions.formats);
  const browser = ctx.browserStatus();
  planScrape(scrapeOptions, {
    browserAvailable: browser.available,
    forceFetcher: ctx.options.forceFetcher,
    browserCapabilities: { javascript: true, screenshot: true, actions: true, mobile: true, pdf: true, waitFor: true },
  });
}

/** The crawl routes: start, params preview, active list, status, cancel, errors. */
export function crawlRoutes(ctx: EngineContext): Router {
  const router = Router();

  router.post(
    '/v2/crawl',
    asyncRoute(async (req, res) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      let request = parseBody(crawlRequestSchema, raw);
      const idempotencyKey = req.header('x-idempotency-key') || undefined;
      if (idempotencyKey && ctx.jobs.findByIdempotencyKey(idempotencyKey)) {
        throw new EngineError('CONFLICT', 'Idempotency key already used');
      }
      let promptEcho: Record<string, unknown> = {};
      if (request.prompt) {
        const generated = await generateCrawlerOptions({ prompt: request.prompt, url: request.url, llm: ctx.llm() });
        const merged = mergePromptOptions(raw, generated);
        request = parseBody(crawlRequestSchema, merged.merged);
        promptEcho = { promptGeneratedOptions: merged.promptGeneratedOptions, finalCrawlerOptions: merged.finalCrawlerOptions };
      }
      checkServable(ctx, request.scrapeOptions);
      const record = ctx.jobs.startCrawl(request, raw, idempotencyKey);
      res.json({ success: true, id: record.id, url: `${baseUrlOf(req)}/v2/crawl/${record.id}`, ...promptEcho });
    }),
  );

  router.post(
    '/v2/crawl/params-preview',
    asyncRoute(async (req, res) => {
      const parsed = paramsPreviewRequestSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        throw new EngineError('BAD_REQUEST', `Invalid request parameters: ${parsed.error.issues.map((i) => i.message).join(', ')}`, {
          details: parsed.error.issues.map((i) => ({ code: i.code, message: i.message, path: i.path })),
        });
      }
      const generated = await generateCrawlerOptions({ prompt: parsed.data.prompt, url: parsed.data.url, llm: ctx.llm() });
      const data: Record<string, unknown> = { url: parsed.data.url };
      for (const [key, value] of Object.entries(generated)) if (value !== undefined) data[key] = value;
      res.json({ success: true, data });
    }),
  );

  const listActive = asyncRoute((_req, res) => {
    const crawls = ctx.jobs.activeCrawls().map((record) => {
      const crawler = (record.options as { crawler?: Record<string, unknown>; scrapeOptions?: unknown }).crawler ?? {};
      const { url: _url, ...options } = crawler;
      return {
        id: record.id,
        teamId: 'local',
        url: record.url,
        created_at: record.createdAt,
        options: { ...options, scrapeOptions: (record.options as { scrapeOptions?: unknown }).scrapeOptions },
      };
    });
    res.json({ success: true, crawls });
  });
  router.get('/v2/crawl/active', listActive);
  router.get('/v2/crawl/ongoing', listActive);

  router.get('/v2/crawl/:id', asyncRoute((req, res) => sendJobStatus(ctx, req, res, 'crawl')));
  router.delete('/v2/crawl/:id', asyncRoute((req, res) => cancelJob(ctx, req, res, 'crawl')));
  router.get(
    '/v2/crawl/:id/errors',
    asyncRoute((req, res) => {
      const { record, tables } = ctx.jobs.lookup(jobIdOf(req), 'crawl');
      res.json(buildJobErrors(tables, record));
    }),
  );
  return router;
}
