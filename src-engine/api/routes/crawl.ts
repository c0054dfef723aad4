import { Router } from 'express';
import { crawlRequestSchema, paramsPreviewRequestSchema, type CrawlRequest } from '../../contracts/index.js';
import { EngineError } from '../../errors/engine-error.js';
import type { EngineContext } from '../../engine-context.js';
import { buildJobErrors } from '../../jobs/job-status.js';
import { generateCrawlerOptions } from '../../llm/generate-crawler-options.js';
import { offlineWarning } from '../../llm/llm-not-configured.js';
import { mergePromptOptions } from '../../llm/merge-prompt-options.js';
import { BROWSER_CAPABILITIES } from '../../fetch/browser-fetcher.js';
import { planScrape } from '../../scrape/plan.js';
import { asyncRoute, baseUrlOf, jobIdOf, parseBody } from '../route-helpers.js';
import { rejectUnservableLlmFormats } from './scrape.js';
import { cancelJob, sendJobStatus } from './job-routes.js';

/** Said when a prompt was turned into crawler options without a model (decision 14: the fallback is visible). */
const RULE_BASED_OPTIONS_WARNING = offlineWarning(
  'The crawler options',
  'they were read from the prompt by rules that understand common English phrasings of paths, limits, depth and scope',
);

/** Fails at once (400) when the crawl's scrape options need a browser or a model that is not there. */
export function checkServable(ctx: EngineContext, scrapeOptions: CrawlRequest['scrapeOptions'], pathPrefix: string[] = ['scrapeOptions']): void {
  rejectUnservableLlmFormats(ctx, scrapeOptions.formats, pathPrefix);
  const browser = ctx.browserStatus();
  planScrape(scrapeOptions, {
    browserAvailable: browser.available,
    forceFetcher: ctx.options.forceFetcher,
    browserCapabilities: BROWSER_CAPABILITIES,
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
      const prompt = request.prompt;
      if (prompt) {
        const llm = ctx.llm();
        const generated = await generateCrawlerOptions({ prompt, url: request.url, llm });
        const merged = mergePromptOptions(raw, generated);
        request = parseBody(crawlRequestSchema, merged.merged);
        promptEcho = { promptGeneratedOptions: merged.promptGeneratedOptions, finalCrawlerOptions: merged.finalCrawlerOptions };
        if (!llm && prompt.trim() !== '') promptEcho.warning = RULE_BASED_OPTIONS_WARNING;
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
      const llm = ctx.llm();
      const generated = await generateCrawlerOptions({ prompt: parsed.data.prompt, url: parsed.data.url, llm });
      const data: Record<string, unknown> = { url: parsed.data.url };
      for (const [key, value] of Object.entries(generated)) if (value !== undefined) data[key] = value;
      // The SDK copies a top-level warning into the options it returns.
      res.json(llm ? { success: true, data } : { success: true, data, warning: RULE_BASED_OPTIONS_WARNING });
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
