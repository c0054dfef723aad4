import type { Request, Response } from 'express';
import type { JobKind } from '../../contracts/index.js';
import { EngineError } from '../../errors/engine-error.js';
import type { EngineContext } from '../../engine-context.js';
import { buildJobStatus } from '../../jobs/job-status.js';
import { baseUrlOf, jobIdOf, paginationOf } from '../route-helpers.js';

/** How long a status read of a running job with nothing new waits for the next document. */
const LONG_POLL_MS = 1000;

function pathOf(kind: JobKind): string {
  return kind === 'crawl' ? 'crawl' : 'batch/scrape';
}

/**
 * Status of a crawl or batch. When a running job has no documents past `skip`, the answer waits
 * up to a second for one, so clients that follow `next` while a job runs do not spin.
 */
export async function sendJobStatus(ctx: EngineContext, req: Request, res: Response, kind: JobKind): Promise<void> {
  const id = jobIdOf(req);
  const page = paginationOf(req);
  let { record, tables } = ctx.jobs.lookup(id, kind);
  if (record.status === 'scraping' && tables.documents.count(id) <= page.skip) {
    await waitForDocument(ctx, id, LONG_POLL_MS);
    ({ record, tables } = ctx.jobs.lookup(id, kind));
  }
  const ttlMs = ctx.settings.effective().jobTtlHours * 3_600_000;
  res.json(buildJobStatus(tables, record, page, `${baseUrlOf(req)}/v2/${pathOf(kind)}/${id}`, ttlMs));
}

function waitForDocument(ctx: EngineContext, jobId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      ctx.events.off('document', onDocument);
      ctx.events.off('job', onJob);
      resolve();
    };
    const onDocument = (e: { jobId: string }) => {
      if (e.jobId === jobId) done();
    };
    const onJob = (e: { type: string; job: { id: string } }) => {
      if (e.type === 'job.finished' && e.job.id === jobId) done();
    };
    const timer = setTimeout(done, ms);
    ctx.events.on('document', onDocument);
    ctx.events.on('job', onJob);
  });
}

/** Cancels a job: idempotent for running and cancelled jobs; a finished job answers 409. */
export function cancelJob(ctx: EngineContext, req: Request, res: Response, kind: JobKind): void {
  const id = jobIdOf(req);
  const { record } = ctx.jobs.lookup(id, kind);
  if (record.status === 'completed' || record.status === 'failed') {
    throw new EngineError('CONFLICT', `${kind === 'crawl' ? 'Crawl' : 'Batch scrape'} is already ${record.status}`);
  }
  const after = ctx.jobs.cancel(id, kind);
  res.json({ success: true, status: after.status === 'cancelled' ? 'cancelled' : after.status });
}
