import { randomUUID } from 'node:crypto';
import type { ScrapeOptions, Webhook, WebhookEventType } from '../contracts/index.js';
import { normalizeInputUrl } from '../contracts/index.js';
import { EngineError, toEngineError } from '../errors/engine-error.js';
import type { ScrapeOutcome, ScrapeService } from '../scrape/scrape-service.js';
import type { JobRecord } from '../store/jobs-repo.js';
import type { PageRecord } from '../store/pages-repo.js';
import { inTransaction } from '../store/database.js';
import type { StoreTables } from '../store/store.js';
import type { EngineEvents } from './events.js';
import { HostPoliteness, retryAfterMs } from './host-politeness.js';
import { summarizeJob } from './job-summary.js';
import type { TakeResult } from './scheduler.js';
import type { WebhookDispatcher } from './webhooks.js';

/** What a job kind adds to the shared page loop (crawls discover links; batches do not). */
export interface JobStrategy {
  /** Runs once (and again after a restart until it has finished): seeds the queue. */
  kickoff(job: ActiveJob): Promise<void>;
  /** Whether raw HTML must be kept for the page (link discovery). */
  keepRawHtml: boolean;
  /** Called after a successful scrape; may enqueue links, or reject the page with a reason. */
  afterScrape(job: ActiveJob, page: PageRecord, outcome: ScrapeOutcome): Promise<{ reject?: EngineError }>;
}

export interface ActiveJobDeps {
  tables: StoreTables;
  scraper: ScrapeService;
  hosts: HostPoliteness;
  events: EngineEvents;
  webhooks: WebhookDispatcher;
  ttlMs: number;
  pump: () => void;
  onFinished: (jobId: string) => void;
  log: (level: 'debug' | 'info' | 'error', message: string) => void;
}

export interface ActiveJobConfig {
  scrapeOptions: ScrapeOptions;
  zeroDataRetention: boolean;
  maxConcurrency: number;
  delayMs: number;
  webhook?: Webhook;
  /** Pages a job may hold (crawl `limit`); batches are unbounded. */
  limit: number;
}

const MAX_POLITENESS_RETRIES = 3;
const MAX_TRANSIENT_RETRIES = 1;
const UPDATE_THROTTLE_MS = 250;

/**
 * One running crawl or batch: hands page tasks to the scheduler, scrapes them, records
 * outcomes durably (page row + document in one transaction), and finishes the job.
 */
export class ActiveJob {
  private running = 0;
  private queueEmpty = false;
  private nextStartAt = 0;
  private finishing = false;
  private cancelled = false;
  private kickoffRunning = false;
  private readonly attempts = new Map<number, number>();
  private readonly abort = new AbortController();
  private lastUpdateAt = 0;
  private updateTimer: NodeJS.Timeout | undefined;

  constructor(
    public record: JobRecord,
    readonly config: ActiveJobConfig,
    private readonly strategy: JobStrategy,
    readonly deps: ActiveJobDeps,
  ) {}

  get id(): string {
    return this.record.id;
  }

  /** Aborted when the job is cancelled or the engine shuts down. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Whether the job was cancelled, has finished, or is being suspended: nothing new may be queued. */
  get stopped(): boolean {
    return this.cancelled || this.finishing;
  }

  /** Suspended for an engine shutdown: the stored job stays as it is and resumes at next start. */
  private get suspended(): boolean {
    return this.finishing && !this.cancelled && this.record.status === 'scraping';
  }

  get webhookPrefix(): 'crawl' | 'batch_scrape' {
    return this.record.kind === 'crawl' ? 'crawl' : 'batch_scrape';
  }

  /** Starts (or resumes) the job: kickoff when unfinished, then the scheduler takes over. */
  start(): void {
    if (this.record.kickoffDone) {
      this.deps.pump();
      return;
    }
    this.kickoffRunning = true;
    void this.strategy
      .kickoff(this)
      .then(() => {
        // A kickoff cut short by a shutdown runs again at next start (its pages are deduplicated).
        if (this.suspended) return;
        this.deps.tables.jobs.setKickoffDone(this.id);
        this.record.kickoffDone = true;
      })
      .catch((error: unknown) => {
        if (this.suspended) return;
        const engineError = toEngineError(error);
        this.deps.log('error', `job ${this.id} kickoff failed: ${engineError.message}`);
        this.deps.tables.jobs.setKickoffDone(this.id);
        this.record.kickoffDone = true;
        this.finish('failed', engineError.message);
      })
      .finally(() => {
        this.kickoffRunning = false;
        this.markQueueChanged();
        this.maybeFinish();
      });
  }

  /** Enqueue notification: new pages may be waiting. */
  markQueueChanged(): void {
    this.queueEmpty = false;
    this.deps.pump();
  }

  emitWebhook(type: WebhookEventType, event: Parameters<WebhookDispatcher['enqueue']>[4]): void {
    if (this.config.webhook) this.deps.webhooks.enqueue(this.deps.tables.outbox, this.id, this.config.webhook, type, event);
  }

  takeTask(now: number): TakeResult {
    if (this.cancelled || this.finishing || this.running >= this.config.maxConcurrency) return undefined;
    if (this.config.delayMs > 0 && now < this.nextStartAt) return { wakeAt: this.nextStartAt };
    if (this.queueEmpty) return undefined;
    const candidates = this.deps.tables.pages.peekQueued(this.id, 16);
    if (candidates.length === 0) {
      this.queueEmpty = true;
      queueMicrotask(() => this.maybeFinish());
      return undefined;
    }
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const page of candidates) {
      const host = hostOf(page.url);
      const availableAt = this.deps.hosts.availableAt(host, now);
      if (availableAt === undefined) continue;
      if (availableAt > 0) {
        wakeAt = Math.min(wakeAt, availableAt);
        continue;
      }
      if (!this.deps.tables.pages.claim(this.id, page.seq)) continue;
      this.deps.hosts.start(host, now);
      this.running += 1;
      return { task: () => this.process(page, host) };
    }
    return wakeAt === Number.POSITIVE_INFINITY ? undefined : { wakeAt };
  }

  /** Cancels the job: nothing starts after this returns; in-flight pages are aborted. */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.abort.abort();
    this.deps.tables.pages.failQueued(this.id, 'JOB_CANCELLED', 'Parent crawl/batch scrape was cancelled');
    this.finish('cancelled');
  }

  /** Stops work for an engine shutdown without changing the stored status (it resumes later). */
  suspend(): void {
    this.finishing = true;
    this.abort.abort();
  }

  private async process(page: PageRecord, host: string): Promise<void> {
    const started = performance.now();
    const scrapeId = randomUUID();
    const { tables } = this.deps;
    let outcome: ScrapeOutcome | undefined;
    let failure: EngineError | undefined;
    try {
      outcome = await this.deps.scraper.scrape({
        url: normalizeInputUrl(page.url),
        sourceURL: page.url,
        options: this.config.scrapeOptions,
        zeroDataRetention: this.config.zeroDataRetention,
        scrapeId,
        signal: this.abort.signal,
        keepRawHtml: this.strategy.keepRawHtml,
      });
    } catch (error) {
      failure = toEngineError(error);
    } finally {
      this.deps.hosts.finish(host);
    }

    try {
      if (this.finishing && !this.cancelled) {
        // Engine shutting down: the page goes back to the queue and runs again at next start.
        tables.pages.requeue(this.id, page.seq);
        return;
      }
      if (this.cancelled) {
        if (!outcome) tables.pages.markFailed(this.id, page.seq, { code: 'JOB_CANCELLED', error: 'Parent crawl/batch scrape was cancelled', scrapeId });
        else this.recordSuccess(page, outcome, started);
        return;
      }
      if (outcome && (outcome.statusCode === 429 || outcome.statusCode === 503) && this.retry(page, MAX_POLITENESS_RETRIES)) {
        this.deps.hosts.backOff(host, retryAfterMs(outcome.retryAfter, 2000), Date.now());
        return;
      }
      if (failure?.retryable && this.retry(page, MAX_TRANSIENT_RETRIES)) return;
      if (outcome) {
        const { reject } = await this.strategy.afterScrape(this, page, outcome);
        if (reject) failure = reject;
      }
      if (failure || !outcome) {
        const error = failure ?? new EngineError('UNKNOWN_ERROR', 'Scrape produced no document');
        tables.pages.markFailed(this.id, page.seq, {
          code: error.code,
          error: error.message,
          scrapeId,
          durationMs: Math.round(performance.now() - started),
          statusCode: outcome?.statusCode,
        });
        this.emitPage(page.seq);
      } else {
        this.recordSuccess(page, outcome, started);
      }
    } catch (error) {
      this.deps.log('error', `job ${this.id}: recording ${page.url} failed: ${toEngineError(error).message}`);
      tables.pages.markFailed(this.id, page.seq, { code: 'UNKNOWN_ERROR', error: toEngineError(error).message, scrapeId });
    } finally {
      this.running -= 1;
      // `delay` is the pause between one page finishing and the next starting (one page at a time).
      if (this.config.delayMs > 0) this.nextStartAt = Date.now() + this.config.delayMs;
      this.scheduleUpdate();
      this.maybeFinish();
    }
  }

  private retry(page: PageRecord, max: number): boolean {
    const attempts = this.attempts.get(page.seq) ?? 0;
    if (attempts >= max) return false;
    this.attempts.set(page.seq, attempts + 1);
    this.deps.tables.pages.requeue(this.id, page.seq);
    this.markQueueChanged();
    return true;
  }

  private recordSuccess(page: PageRecord, outcome: ScrapeOutcome, started: number): void {
    const { tables } = this.deps;
    const document = outcome.document;
    const credits = document.metadata.creditsUsed ?? 1;
    // One unit of work: a page is never `done` without its document (a kill in between would lose it).
    inTransaction(tables.db, () => {
      const doneSeq = tables.pages.markDone(this.id, page.seq, {
        statusCode: outcome.statusCode,
        title: typeof document.metadata.title === 'string' ? document.metadata.title : undefined,
        durationMs: Math.round(performance.now() - started),
        bytes: outcome.bytes,
        scrapeId: document.metadata.scrapeId,
      });
      tables.documents.insert(this.id, doneSeq, document);
      tables.jobs.addCredits(this.id, credits);
    });
    this.record.creditsUsed += credits;
    this.deps.events.emit('document', { jobId: this.id, document });
    this.emitWebhook(`${this.webhookPrefix}.page`, { success: true, data: [document] });
    this.emitPage(page.seq);
  }

  private emitPage(seq: number): void {
    const page = this.deps.tables.pages.get(this.id, seq);
    if (page) this.deps.events.emit('page', { type: 'job.page', jobId: this.id, page });
  }

  private scheduleUpdate(): void {
    const now = Date.now();
    if (now - this.lastUpdateAt >= UPDATE_THROTTLE_MS) {
      this.lastUpdateAt = now;
      this.deps.events.emit('job', { type: 'job.updated', job: this.summary() });
      return;
    }
    if (this.updateTimer) return;
    this.updateTimer = setTimeout(() => {
      this.updateTimer = undefined;
      this.lastUpdateAt = Date.now();
      if (!this.finishing) this.deps.events.emit('job', { type: 'job.updated', job: this.summary() });
    }, UPDATE_THROTTLE_MS);
    this.updateTimer.unref?.();
  }

  summary() {
    return summarizeJob(this.record, this.deps.tables.jobs.counts(this.id));
  }

  private maybeFinish(): void {
    if (this.finishing || this.cancelled || this.kickoffRunning || !this.record.kickoffDone || this.running > 0) return;
    const counts = this.deps.tables.jobs.counts(this.id);
    if (counts.queued > 0 || counts.running > 0) {
      if (counts.queued > 0) this.markQueueChanged();
      return;
    }
    const failedStart = this.record.kind === 'crawl' && counts.done === 0 ? this.startFailure() : undefined;
    this.finish(failedStart ? 'failed' : 'completed', failedStart);
  }

  /** A crawl whose start page failed and produced nothing has failed as a whole. */
  private startFailure(): string | undefined {
    const start = this.deps.tables.pages.list(this.id, 0, 1)[0];
    if (!start || start.state !== 'failed') return undefined;
    return start.error;
  }

  private finish(status: 'completed' | 'failed' | 'cancelled', error?: string): void {
    if (this.finishing && status !== 'cancelled') return;
    this.finishing = true;
    if (this.updateTimer) clearTimeout(this.updateTimer);
    const expiresAt = new Date(Date.now() + this.deps.ttlMs).toISOString();
    if (!this.deps.tables.jobs.finish(this.id, status, expiresAt, error)) return;
    this.record = this.deps.tables.jobs.get(this.id) ?? this.record;
    const type: WebhookEventType = `${this.webhookPrefix}.${status}`;
    this.emitWebhook(type, { success: status !== 'failed', error: error ?? null });
    this.deps.events.emit('job', { type: 'job.finished', job: this.summary() });
    this.deps.onFinished(this.id);
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(normalizeInputUrl(url)).host.toLowerCase();
  } catch {
    return '';
  }
}
