import type { TrawlClient } from '../api/client';
import type { JobErrorEntry } from '../../src-engine/contracts/index';
import type { JobSummary, PageRecord } from '../api/types';
import type { JobsState } from './jobs.svelte';

const RATE_WINDOW_MS = 10_000;

/**
 * Follows one job: its summary, every URL (loaded page by page, then kept current from live
 * events) and its errors. The URL list is a plain array behind a version counter, so thousands
 * of rows stream in without the cost of a deep reactive proxy.
 */
export class JobMonitor {
  readonly pages: PageRecord[] = [];
  private readonly indexByUrl = new Map<string, number>();
  private readonly finishTimes: number[] = [];
  /** Bumped (at most once per frame) whenever `pages` changes. */
  version = $state(0);
  now = $state(Date.now());
  errors = $state<JobErrorEntry[]>([]);
  robotsBlocked = $state<string[]>([]);
  private unsubscribe: (() => void) | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private frame = 0;

  constructor(
    readonly jobId: string,
    private readonly client: TrawlClient,
    private readonly jobs: JobsState,
  ) {}

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

  /** Loads what the engine has so far and follows live events. */
  async start(): Promise<void> {
    this.unsubscribe = this.jobs.onPage(this.jobId, (page) => this.applyPage(page, true));
    this.ticker = setInterval(() => {
      this.now = Date.now();
      if (!this.running && this.job) this.stopTicking();
    }, 500);
    for (let skip = 0; ; ) {
      const { pages, total } = await this.client.jobPages(this.jobId, skip, 1000);
      for (const page of pages) this.applyPage(page, false);
      skip += pages.length;
      if (pages.length === 0 || skip >= total) break;
    }
    this.bump();
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
    this.unsubscribe?.();
    this.stopTicking();
    cancelAnimationFrame(this.frame);
  }

  private stopTicking(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private applyPage(page: PageRecord, live: boolean): void {
    const index = this.indexByUrl.get(page.url);
    if (index === undefined) {
      this.indexByUrl.set(page.url, this.pages.length);
      this.pages.push(page);
    } else {
      this.pages[index] = page;
    }
    if (live && (page.state === 'done' || page.state === 'failed')) {
      this.finishTimes.push(Date.now());
      if (this.finishTimes.length > 20_000) this.finishTimes.splice(0, 10_000);
    }
    if (live) this.scheduleBump();
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
