/** What a job offers the scheduler: a task to run now, a time to ask again, or nothing. */
export type TakeResult = { task: () => Promise<void> } | { wakeAt: number } | undefined;

export interface SchedulableJob {
  readonly id: string;
  takeTask(now: number): TakeResult;
}

/**
 * Runs page tasks of all active jobs under one global concurrency limit. Jobs are served
 * round-robin, one task at a time, so a huge crawl never starves a small job started after it.
 * The job store and queue stay behind `SchedulableJob`, so another queue can be adapted in.
 */
export class Scheduler {
  private readonly jobs: SchedulableJob[] = [];
  private cursor = 0;
  private running = 0;
  private pumping = false;
  private repump = false;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  constructor(private readonly limit: () => number) {}

  get activeTasks(): number {
    return this.running;
  }

  add(job: SchedulableJob): void {
    if (!this.jobs.some((j) => j.id === job.id)) this.jobs.push(job);
    this.pump();
  }

  remove(jobId: string): void {
    const index = this.jobs.findIndex((j) => j.id === jobId);
    if (index === -1) return;
    this.jobs.splice(index, 1);
    if (this.cursor > index) this.cursor -= 1;
    if (this.cursor >= this.jobs.length) this.cursor = 0;
  }

  /** Starts as many tasks as the limit allows; safe to call at any time and from any task. */
  pump(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.repump = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.repump = false;
        this.fill();
      } while (this.repump);
    } finally {
      this.pumping = false;
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private fill(): void {
    let wakeAt = Number.POSITIVE_INFINITY;
    while (this.running < this.limit() && this.jobs.length > 0) {
      let started = false;
      const now = Date.now();
      for (let i = 0; i < this.jobs.length; i++) {
        const index = (this.cursor + i) % this.jobs.length;
        const result = this.jobs[index]!.takeTask(now);
        if (result && 'task' in result) {
          this.cursor = (index + 1) % Math.max(1, this.jobs.length);
          this.run(result.task);
          started = true;
          break;
        }
        if (result && 'wakeAt' in result) wakeAt = Math.min(wakeAt, result.wakeAt);
      }
      if (!started) break;
    }
    if (wakeAt !== Number.POSITIVE_INFINITY) this.wakeAt(wakeAt);
  }

  private run(task: () => Promise<void>): void {
    this.running += 1;
    void task()
      .catch(() => undefined)
      .finally(() => {
        this.running -= 1;
        this.pump();
      });
  }

  private wakeAt(at: number): void {
    if (at >= this.timerAt && this.timer) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, Math.max(0, at - Date.now()));
    this.timer.unref?.();
  }
}
