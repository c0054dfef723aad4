/** A job as the engine's `job` events describe it. */
export interface JobSnapshot {
  id: string;
  kind: 'crawl' | 'batch';
  status: string;
  total: number;
  completed: number;
  failed: number;
  url: string;
  createdAt: string;
  finishedAt?: string;
}

/** One event of the engine's `job` stream. */
export interface JobEvent {
  type: 'job.created' | 'job.updated' | 'job.finished';
  job: JobSnapshot;
}

/** Where progress is shown: the taskbar/dock and the system's notifications. */
export interface ProgressSurface {
  /** Electron's `BrowserWindow.setProgressBar`: 0..1, >1 indeterminate, <0 removes the bar. */
  setProgressBar(value: number): void;
  /** Whether the user is looking at the app (no notification then). */
  isFocused(): boolean;
  notify(notification: { title: string; body: string }): void;
}

/**
 * Follows the engine's job events and mirrors crawls and batches on the taskbar or dock: one
 * bar for all running jobs, indeterminate while no totals are known, removed when none run.
 * A job that ran for at least `notifyAfterMs` raises a notification when it finishes while
 * the window is not focused.
 */
export class JobProgress {
  readonly #running = new Map<string, JobSnapshot>();

  constructor(
    private readonly surface: ProgressSurface,
    private readonly notifyAfterMs: number,
  ) {}

  /** Feeds one engine event. */
  handle(event: JobEvent): void {
    const { job } = event;
    if (event.type === 'job.finished') {
      this.#running.delete(job.id);
      this.#maybeNotify(job);
    } else {
      this.#running.set(job.id, job);
    }
    this.surface.setProgressBar(this.value());
  }

  /** The bar's current value (see {@link ProgressSurface.setProgressBar}). */
  value(): number {
    if (this.#running.size === 0) return -1;
    let total = 0;
    let done = 0;
    for (const job of this.#running.values()) {
      total += job.total;
      done += job.completed + job.failed;
    }
    if (total <= 0) return 2;
    return Math.min(1, done / total);
  }

  #maybeNotify(job: JobSnapshot): void {
    const started = Date.parse(job.createdAt);
    const finished = job.finishedAt ? Date.parse(job.finishedAt) : Date.now();
    if (!Number.isFinite(started) || finished - started < this.notifyAfterMs || this.surface.isFocused()) return;
    const what = job.kind === 'crawl' ? 'Crawl' : 'Batch scrape';
    const outcome = job.status === 'completed' ? 'finished' : job.status;
    const failed = job.failed > 0 ? `, ${job.failed} failed` : '';
    this.surface.notify({ title: `${what} ${outcome}`, body: `${job.url}\n${job.completed} pages${failed}` });
  }
}
