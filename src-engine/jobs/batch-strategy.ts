import type { EngineError } from '../errors/engine-error.js';
import type { ActiveJob, JobStrategy } from './active-job.js';

/** Batches have their URLs from the start: nothing to discover, nothing to reject. */
export class BatchStrategy implements JobStrategy {
  readonly keepRawHtml = false;

  async kickoff(job: ActiveJob): Promise<void> {
    job.emitWebhook('batch_scrape.started', { success: true });
  }

  async afterScrape(): Promise<{ reject?: EngineError }> {
    return {};
  }
}
