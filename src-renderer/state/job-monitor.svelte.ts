import type { TrawlClient } from '../api/client';
import type { JobErrorEntry } from '../../src-engine/contracts/index';
import type { JobSummary, PageRecord } from '../api/types';
import type { JobsState } from './jobs.svelte';
import { PageList } from './page-list';

const RATE_WINDOW_MS = 10_000;
const TICK_MS = 500;
const LISTING_CHUNK = 1000;

/** Every URL a job's counters account for: queued, running, done, failed and robots-blocked. */
export function discoveredCount(job: Pick<JobSummary, 'total' | 'failed' | 'robotsBlocked'>): number {
  return job.total + job.failed + job.robotsBlocked;
}

/**
 * Follows one job: its summary, every URL and its errors. Finished URLs arrive as live events;
 * newly discovered (queued) URLs are read from `GET /v2/jobs/:id/pages` whenever the job's
 * counters report more URLs than the table holds, so the table lists every URL the counters count.
 * The URL list is a plain array behind a version counter, so thousands of rows stream in without
 * the cost of a deep reactive proxy.
 */
export class JobMonitor {
  private readonly list = new PageList();
  private readonly finishTimes: number[] = [];
  /** Bumped (at most once per frame) whenever `pages` changes. */
  version = $state(0);
  now = $state(Date.now());
  errors = $state<JobErrorEntry[]>([]);
  robotsBlocked = $state<string[]>([]);
  private unsubscribe: (() => void) | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private frame = 0;
  /** How many URLs the listing has delivered (it is in discovery order, so this is the next `skip`). */
  private listed = 0;
  private syncing: Promise<void> | undefined;
  private sawRunning = false;
  private stopped = false;

  constructor(
    readonly jobId: string,
    private readonly client: TrawlClient,
    private readonly jobs: JobsState,
  ) {}

  /** The job's URLs in discovery order. */
  get pages(): PageRecord[] {
    return this.list.pages;
  }

  /** The job's summary as last reported. */
  get job(): JobSummary | undefined {
    return this.jobs.get(this.jobId);
  }

  /** True while the job runs. */
  get running(): boolean {
    return this.job?.status === 'scraping';
  }

  /** Seconds since the job started (until it finished). */
  get elapsedSeconds(): number {
    const job = this.job;
    if (!job) return 0;
    const end = job.finishedAt ? Date.parse(job.finishedAt) : this.now;
    return Math.max(0, (end - Date.parse(job.createdAt)) / 1000);
  }

  /** Pages finished per second over the last ten seconds (or the whole run once finished). */
  get pagesPerSecond(): number {
    void this.version;
    const job = this.job;
    if (!job) return 0;
    if (!this.running) {
      const seconds = this.elapsedSeconds;
      return seconds > 0 ? (job.completed + job.failed) / seconds : 0;
    }
    const since = this.now - RATE_WINDOW_MS;
    const recent = this.finishTimes.filter((t) => t >= since).length;
    const window = Math.min(RATE_WINDOW_MS, this.elapsedSeconds * 1000) / 1000;
    return window > 0 ? recent / window : 0;
  }

  /** Loads what the engine has so far and follows the job until it ends. Rejects when the job is unknown. */
  async start(): Promise<void> {
    this.unsubscribe = this.jobs.onPage(this.jobId, (page) => this.applyLive(page));
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    await this.sync();
    await this.loadErrors();
  }

  /** Reloads the job's errors (failed URLs and robots-blocked URLs). */
  async loadErrors(): Promise<void> {
    const kind = this.job?.kind ?? 'crawl';
    try {
      const res = await this.client.jobErrors(kind, this.jobId);
      this.errors = res.errors ?? [];
      this.robotsBlocked = res.robotsBlocked ?? [];
    } catch {
      // Errors are informative only; the URL table carries each failure too.
    }
  }

  /** Stops following the job. */
  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.stopTicking();
    cancelAnimationFrame(this.frame);
  }

  /** Reads the URLs the listing has not delivered yet (one read at a time). */
  private sync(): Promise<void> {
    this.syncing ??= this.readListing().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async readListing(): Promise<void> {
    for (;;) {
      const { pages, total } = await this.client.jobPages(this.jobId, this.listed, LISTING_CHUNK);
      if (this.stopped) return;
      for (const page of pages) {
        // URLs that finished before this view looked (e.g. before a reload) count towards the rate.
        const finishedAt = page.finishedAt ? Date.parse(page.finishedAt) : Number.NaN;
        this.mergePage(page, Number.isNaN(finishedAt) ? undefined : finishedAt);
      }
      this.listed += pages.length;
      if (pages.length === 0 || this.listed >= total) break;
    }
    this.bump();
  }

  /**
   * Reads every URL again once the job ended while followed: cancelling fails the queued URLs
   * without a page event, and events missed while the stream reconnected are caught up here.
   */
  private async reloadAll(): Promise<void> {
    await this.syncing?.catch(() => undefined);
    this.listed = 0;
    await this.sync();
    await this.loadErrors();
  }

  private tick(): void {
    this.now = Date.now();
    const job = this.job;
    if (!job) return;
    if (job.status === 'scraping') {
      this.sawRunning = true;
      if (discoveredCount(job) > this.listed) void this.sync().catch(() => undefined);
      return;
    }
    this.stopTicking();
    if (this.sawRunning) void this.reloadAll().catch(() => undefined);
  }

  private stopTicking(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private applyLive(page: PageRecord): void {
    if (this.mergePage(page, Date.now())) this.scheduleBump();
  }

  /** Merges one URL; when it has just finished, notes when (for the pages-per-second rate). */
  private mergePage(page: PageRecord, finishedAt: number | undefined): boolean {
    const wasFinished = this.list.isFinished(page.url);
    if (!this.list.merge(page)) return false;
    if (!wasFinished && finishedAt !== undefined && (page.state === 'done' || page.state === 'failed')) {
      this.finishTimes.push(finishedAt);
      if (this.finishTimes.length > 20_000) this.finishTimes.splice(0, 10_000);
    }
    return true;
  }

  private scheduleBump(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.bump();
    });
  }

  private bump(): void {
    this.version++;
  }
}
