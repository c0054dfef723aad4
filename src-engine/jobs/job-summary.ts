import type { JobSummary } from '../contracts/index.js';
import type { JobCounts, JobRecord } from '../store/jobs-repo.js';

export type { JobSummary };

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
