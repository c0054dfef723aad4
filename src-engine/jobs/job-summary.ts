import type { JobCounts, JobRecord } from '../store/jobs-repo.js';

/** One job as the Jobs view and `GET /v2/jobs` show it. */
export interface JobSummary {
  id: string;
  kind: 'crawl' | 'batch';
  status: 'scraping' | 'completed' | 'failed' | 'cancelled';
  url: string;
  urlCount: number;
  createdAt: string;
  finishedAt?: string;
  options: Record<string, unknown>;
  total: number;
  completed: number;
  failed: number;
  robotsBlocked: number;
  creditsUsed: number;
  error?: string;
}

export function summarizeJob(job: JobRecord, counts: JobCounts): JobSummary {
  const summary: JobSummary = {
    id: job.id,
    kind: job.kind,
    status: job.status,
    url: job.url,
    urlCount: job.urlCount,
    createdAt: job.createdAt,
    options: job.request,
    total: counts.queued + counts.running + counts.done,
    completed: counts.done,
    failed: counts.failed,
    robotsBlocked: counts.robotsBlocked,
    creditsUsed: job.creditsUsed,
  };
  if (job.finishedAt) summary.finishedAt = job.finishedAt;
  if (job.error) summary.error = job.error;
  return summary;
}
