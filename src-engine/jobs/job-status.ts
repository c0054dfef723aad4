import type { JobErrorsResponse, JobStatusResponse } from '../contracts/index.js';
import type { JobRecord } from '../store/jobs-repo.js';
import type { StoreTables } from '../store/store.js';

/** Wire contract 3.2: a status page holds at most ~10 MB of document JSON. */
export const MAX_CHUNK_CHARS = 10 * 1024 * 1024;

export interface Pagination {
  skip: number;
  limit?: number;
}

const ROBOTS_WARNING =
  'One or more pages were unable to be crawled because the robots.txt file prevented this. Please use the /scrape endpoint instead.';

/**
 * The status body of a crawl or batch (wire contract 3.2 with decision 5): documents in
 * completion order from `skip`, and `next` while the job runs or documents remain.
 */
export function buildJobStatus(
  tables: StoreTables,
  record: JobRecord,
  page: Pagination,
  nextBase: string,
  ttlMs: number,
): JobStatusResponse {
  const counts = tables.jobs.counts(record.id);
  const docCount = tables.documents.count(record.id);
  const data = tables.documents.window(record.id, page.skip, page.limit ?? Number.MAX_SAFE_INTEGER, MAX_CHUNK_CHARS);
  const expiresAt = new Date(Date.now() + ttlMs);
  expiresAt.setMilliseconds(0);
  if (record.status !== 'scraping') tables.jobs.touchExpiry(record.id, expiresAt.toISOString());

  const response: JobStatusResponse = {
    success: true,
    status: record.status,
    total: counts.queued + counts.running + counts.done,
    completed: counts.done,
    creditsUsed: record.creditsUsed,
    expiresAt: expiresAt.toISOString(),
    data,
  };
  const consumed = page.skip + data.length;
  if (record.status === 'scraping' || consumed < docCount) {
    const url = new URL(nextBase);
    url.searchParams.set('skip', String(consumed));
    if (page.limit !== undefined) url.searchParams.set('limit', String(page.limit));
    response.next = url.href;
  }
  if (record.status !== 'scraping' && counts.robotsBlocked > 0) response.warning = ROBOTS_WARNING;
  return response;
}

/** `GET …/errors`: failed pages (raced redirects hidden) and robots-blocked URLs. */
export function buildJobErrors(tables: StoreTables, record: JobRecord): JobErrorsResponse {
  const errors = tables.pages
    .failures(record.id)
    .filter((p) => p.errorCode !== 'SCRAPE_RACED_REDIRECT_ERROR')
    .map((p) => {
      const entry: JobErrorsResponse['errors'][number] = { id: p.scrapeId ?? `${record.id}:${p.seq}`, url: p.url, error: p.error ?? 'Unknown error' };
      if (p.finishedAt) entry.timestamp = p.finishedAt;
      if (p.errorCode) entry.code = p.errorCode;
      return entry;
    });
  return { success: true, errors, robotsBlocked: tables.pages.robotsBlocked(record.id) };
}
