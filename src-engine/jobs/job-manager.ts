import { randomUUID } from 'node:crypto';
import type { BatchScrapeRequest, CrawlRequest, JobKind, ScrapeOptions, Webhook } from '../contracts/index.js';
import { EngineError } from '../errors/engine-error.js';
import type { CrawlResourceFetcher } from '../crawl/robots.js';
import type { ScrapeService } from '../scrape/scrape-service.js';
import type { JobRecord } from '../store/jobs-repo.js';
import { inTransaction } from '../store/database.js';
import type { Store, StoreTables } from '../store/store.js';
import { ActiveJob, type ActiveJobConfig, type JobStrategy } from './active-job.js';
import { BatchStrategy } from './batch-strategy.js';
import { CrawlStrategy, type CrawlerSettings } from './crawl-strategy.js';
import type { EngineEvents } from './events.js';
import { HostPoliteness } from './host-politeness.js';
import { summarizeJob, type JobSummary } from './job-summary.js';
import { Scheduler } from './scheduler.js';
import type { WebhookDispatcher } from './webhooks.js';

export interface JobManagerDeps {
  store: Store;
  scraper: ScrapeService;
  events: EngineEvents;
  webhooks: WebhookDispatcher;
  fetchResource: CrawlResourceFetcher;
  settings: () => { globalConcurrency: number; perHostConcurrency: number; perHostDelayMs: number; robotsUserAgent: string; jobTtlHours: number };
  log: (level: 'debug' | 'info' | 'error', message: string) => void;
}

/** Stored options of a job: what it needs to run again after a restart. */
interface StoredJobOptions {
  scrapeOptions: ScrapeOptions;
  zeroDataRetention: boolean;
  maxConcurrency?: number;
  delay?: number;
  webhook?: Webhook;
  crawler?: CrawlerSettings;
}

/**
 * Owns every crawl and batch job: creation, resume after a restart, cancellation and lookup.
 * Crawls and batches share one page loop (ActiveJob) and one scheduler.
 */
export class JobManager {
  private readonly active = new Map<string, ActiveJob>();
  private readonly scheduler: Scheduler;
  private readonly hosts: HostPoliteness;

  constructor(private readonly deps: JobManagerDeps) {
    this.scheduler = new Scheduler(() => deps.settings().globalConcurrency);
    this.hosts = new HostPoliteness(() => deps.settings());
  }

  /** Continues every job that was running when the engine last stopped. */
  resumeUnfinished(): number {
    let resumed = 0;
    for (const tables of [this.deps.store.disk]) {
      for (const record of tables.jobs.listUnfinished()) {
        tables.pages.requeueRunning(record.id);
        this.activate(record, tables);
        resumed += 1;
      }
    }
    return resumed;
  }

  startCrawl(request: CrawlRequest, rawBody: Record<string, unknown>, idempotencyKey?: string): JobRecord {
    const { scrapeOptions, zeroDataRetention, maxConcurrency, delay, webhook, url, prompt: _prompt, origin: _o, integration: _i, ...crawler } = request;
    const options: StoredJobOptions = { scrapeOptions, zeroDataRetention, maxConcurrency, delay, webhook, crawler: { url, ...crawler } };
    return this.create('crawl', url, 1, rawBody, options, zeroDataRetention, idempotencyKey);
  }

  startBatch(request: BatchScrapeRequest, urls: string[], rawBody: Record<string, unknown>, idempotencyKey?: string): JobRecord {
    const { urls: _u, webhook, maxConcurrency, zeroDataRetention, ignoreInvalidURLs: _iv, appendToId: _a, origin: _o, integration: _i, ...scrapeOptions } = request;
    const options: StoredJobOptions = { scrapeOptions: scrapeOptions as ScrapeOptions, zeroDataRetention, maxConcurrency, webhook };
    const record = this.create('batch', urls[0] ?? '', urls.length, rawBody, options, zeroDataRetention, idempotencyKey, (tables, id) => {
      tables.pages.enqueue(id, urls.map((u) => ({ url: u, dedupeKey: randomUUID(), depth: 0 })));
    });
    return record;
  }

  /** Adds URLs to a running batch (its stored options apply). */
  appendToBatch(jobId: string, urls: string[]): JobRecord {
    const tables = this.deps.store.tablesForJob(jobId);
    const record = tables?.jobs.get(jobId);
    if (!tables || !record || record.kind !== 'batch') throw new EngineError('NOT_FOUND', 'Job not found');
    const job = this.active.get(jobId);
    if (!job || record.status !== 'scraping') throw new EngineError('CONFLICT', 'The batch scrape has already finished; start a new one.');
    tables.pages.enqueue(jobId, urls.map((u) => ({ url: u, dedupeKey: randomUUID(), depth: 0 })));
    tables.jobs.setUrlCount(jobId, record.urlCount + urls.length);
    job.record.urlCount += urls.length;
    job.markQueueChanged();
    return tables.jobs.get(jobId)!;
  }

  findByIdempotencyKey(key: string): JobRecord | undefined {
    return this.deps.store.disk.jobs.findByIdempotencyKey(key) ?? this.deps.store.memory.jobs.findByIdempotencyKey(key);
  }

  /** The job and its tables, or a 404 for unknown and expired jobs (and jobs of the other kind). */
  lookup(jobId: string, kind?: JobKind): { record: JobRecord; tables: StoreTables } {
    const tables = this.deps.store.tablesForJob(jobId);
    const record = tables?.jobs.get(jobId);
    if (!tables || !record || (kind && record.kind !== kind)) throw new EngineError('NOT_FOUND', 'Job not found');
    if (record.expiresAt && Date.parse(record.expiresAt) < Date.now()) throw new EngineError('NOT_FOUND', 'Job expired');
    return { record, tables };
  }

  /** Pages being scraped right now across all jobs. */
  activeTasks(): number {
    return this.scheduler.activeTasks;
  }

  isActive(jobId: string): boolean {
    return this.active.has(jobId);
  }

  /** Cancels a job (idempotent); a finished job stays as it was. */
  cancel(jobId: string, kind: JobKind): JobRecord {
    const { record, tables } = this.lookup(jobId, kind);
    const job = this.active.get(jobId);
    if (job) job.cancel();
    return tables.jobs.get(record.id) ?? record;
  }

  /** Running crawls, as `GET /v2/crawl/active` lists them. */
  activeCrawls(): JobRecord[] {
    return [...this.active.values()].map((j) => j.record).filter((r) => r.kind === 'crawl' && r.status === 'scraping');
  }

  list(): JobSummary[] {
    const out: JobSummary[] = [];
    for (const tables of [this.deps.store.memory, this.deps.store.disk]) {
      for (const record of tables.jobs.list()) out.push(summarizeJob(record, tables.jobs.counts(record.id)));
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Stops all work for shutdown; running jobs stay `scraping` in the store and resume next start. */
  close(): void {
    this.scheduler.stop();
    for (const job of this.active.values()) job.suspend();
    this.active.clear();
  }

  private create(
    kind: JobKind,
    url: string,
    urlCount: number,
    rawBody: Record<string, unknown>,
    options: StoredJobOptions,
    zeroDataRetention: boolean,
    idempotencyKey: string | undefined,
    seed?: (tables: StoreTables, id: string) => void,
  ): JobRecord {
    const tables = zeroDataRetention ? this.deps.store.memory : this.deps.store.disk;
    const id = randomUUID();
    const record: JobRecord = {
      id,
      kind,
      status: 'scraping',
      url,
      urlCount,
      request: rawBody,
      options: options as unknown as Record<string, unknown>,
      createdAt: new Date().toISOString(),
      kickoffDone: false,
      cancelled: false,
      creditsUsed: 0,
    };
    if (idempotencyKey) record.idempotencyKey = idempotencyKey;
    // The job and its first pages are stored together: a batch never exists without its URLs.
    inTransaction(tables.db, () => {
      tables.jobs.insert(record);
      seed?.(tables, id);
    });
    const job = this.activate(record, tables);
    this.deps.events.emit('job', { type: 'job.created', job: job.summary() });
    return record;
  }

  private activate(record: JobRecord, tables: StoreTables): ActiveJob {
    const options = record.options as unknown as StoredJobOptions;
    const settings = this.deps.settings();
    const delayMs = options.delay ? options.delay * 1000 : 0;
    const config: ActiveJobConfig = {
      scrapeOptions: options.scrapeOptions,
      zeroDataRetention: options.zeroDataRetention,
      // `delay` forces one page at a time for the job (wire contract 6.8).
      maxConcurrency: delayMs > 0 ? 1 : (options.maxConcurrency ?? Number.POSITIVE_INFINITY),
      delayMs,
      webhook: options.webhook,
      limit: options.crawler?.limit ?? Number.POSITIVE_INFINITY,
    };
    const strategy: JobStrategy =
      record.kind === 'crawl' && options.crawler
        ? new CrawlStrategy(options.crawler, this.deps.fetchResource, settings.robotsUserAgent)
        : new BatchStrategy();
    const job = new ActiveJob(record, config, strategy, {
      tables,
      scraper: this.deps.scraper,
      hosts: this.hosts,
      events: this.deps.events,
      webhooks: this.deps.webhooks,
      ttlMs: settings.jobTtlHours * 3_600_000,
      pump: () => this.scheduler.pump(),
      onFinished: (jobId) => {
        this.active.delete(jobId);
        this.scheduler.remove(jobId);
      },
      log: this.deps.log,
    });
    this.active.set(record.id, job);
    this.scheduler.add(job);
    job.start();
    return job;
  }
}
