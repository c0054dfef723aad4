import { Router } from 'express';
import { batchScrapeRequestSchema, invalidUrlReason } from '../../contracts/index.js';
import { EngineError } from '../../errors/engine-error.js';
import type { EngineContext } from '../../engine-context.js';
import { buildJobErrors } from '../../jobs/job-status.js';
import { asyncRoute, baseUrlOf, jobIdOf, parseBody } from '../route-helpers.js';
import { checkServable } from './crawl.js';
import { cancelJob, sendJobStatus } from './job-routes.js';

/** The batch routes: start (or append), status, cancel, errors. */
export function batchRoutes(ctx: EngineContext): Router {
  const router = Router();

  router.post(
    '/v2/batch/scrape',
    asyncRoute((req, res) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      const request = parseBody(batchScrapeRequestSchema, raw);
      const valid: string[] = [];
      const invalid: string[] = [];
      request.urls.forEach((url) => (invalidUrlReason(url) === undefined ? valid : invalid).push(url));
      if (!request.ignoreInvalidURLs && invalid.length > 0) {
        throw new EngineError('BAD_REQUEST', 'Bad Request', {
          details: invalid.map((url) => ({
            code: 'custom',
            message: `Invalid URL: ${url} (${invalidUrlReason(url)})`,
            path: ['urls', request.urls.indexOf(url)],
          })),
        });
      }
      if (valid.length === 0) {
        throw new EngineError('BAD_REQUEST', 'Bad Request', {
          details: [{ code: 'custom', message: 'No valid URLs to scrape', path: ['urls'] }],
        });
      }
      const invalidURLs = request.ignoreInvalidURLs ? invalid : undefined;
      const base = baseUrlOf(req);
      const idempotencyKey = req.header('x-idempotency-key') || undefined;
      const previous = idempotencyKey ? ctx.jobs.findByIdempotencyKey(idempotencyKey) : undefined;
      if (previous) {
        // A key already used to start a crawl cannot name a batch.
        if (previous.kind !== 'batch') throw new EngineError('CONFLICT', 'Idempotency key already used');
        res.json({ success: true, id: previous.id, url: `${base}/v2/batch/scrape/${previous.id}`, invalidURLs });
        return;
      }
      if (request.appendToId) {
        const record = ctx.jobs.appendToBatch(request.appendToId, valid);
        res.json({ success: true, id: record.id, url: `${base}/v2/batch/scrape/${record.id}`, invalidURLs });
        return;
      }
      checkServable(ctx, request, []);
      const record = ctx.jobs.startBatch(request, valid, raw, idempotencyKey);
      res.json({ success: true, id: record.id, url: `${base}/v2/batch/scrape/${record.id}`, invalidURLs });
    }),
  );

  router.get('/v2/batch/scrape/:id', asyncRoute((req, res) => sendJobStatus(ctx, req, res, 'batch')));
  router.delete('/v2/batch/scrape/:id', asyncRoute((req, res) => cancelJob(ctx, req, res, 'batch')));
  router.get(
    '/v2/batch/scrape/:id/errors',
    asyncRoute((req, res) => {
      const { record, tables } = ctx.jobs.lookup(jobIdOf(req), 'batch');
      res.json(buildJobErrors(tables, record));
    }),
  );
  return router;
}
