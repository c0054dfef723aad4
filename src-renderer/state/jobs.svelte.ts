import type { TrawlClient } from '../api/client';
import { openEventStream } from '../api/event-stream';
import type { JobSummary, LiveEvent, PageRecord } from '../api/types';

type PageListener = (page: PageRecord) => void;
type FinishListener = (job: JobSummary) => void;

/**
 * Every job of the engine, kept current by the live-event stream (also jobs that scripts start
 * through the API). Views that show one job's URLs subscribe to its page events.
 */
export class JobsState {
  jobs = $state<JobSummary[]>([]);
  connected = $state(false);
  loadError = $state('');
  private close: (() => void) | undefined;
  private readonly pageListeners = new Map<string, Set<PageListener>>();
  private readonly finishListeners = new Set<FinishListener>();

  /** Loads the job list and follows the event stream. Calling again switches clients. */
  async connect(client: TrawlClient): Promise<void> {
    this.close?.();
    this.close = openEventStream({
      url: client.eventsUrl,
      apiKey: client.connection.apiKey,
      onEvent: (event) => this.apply(event),
      onStateChange: (connected) => {
        this.connected = connected;
        // After a reconnect, refresh the list: events may have been missed meanwhile.
        if (connected) void this.refresh(client);
      },
    });
    await this.refresh(client);
  }

  /** Stops following the stream. */
  disconnect(): void {
    this.close?.();
    this.close = undefined;
    this.connected = false;
  }

  /** Reloads the list from `GET /v2/jobs`. */
  async refresh(client: TrawlClient): Promise<void> {
    try {
      this.jobs = await client.listJobs();
      this.loadError = '';
    } catch (error) {
      this.loadError = (error as Error).message;
    }
  }

  /** The job with this id, if known. */
  get(id: string): JobSummary | undefined {
    return this.jobs.find((j) => j.id === id);
  }

  /** Puts a job into the list (a job just started here, before its first event). */
  upsert(job: JobSummary): void {
    const index = this.jobs.findIndex((j) => j.id === job.id);
    if (index === -1) this.jobs = [job, ...this.jobs];
    else this.jobs[index] = job;
  }

  /** Subscribes to one job's page events; returns the unsubscribe function. */
  onPage(jobId: string, listener: PageListener): () => void {
    let set = this.pageListeners.get(jobId);
    if (!set) this.pageListeners.set(jobId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Subscribes to every job's end; returns the unsubscribe function. */
  onFinish(listener: FinishListener): () => void {
    this.finishListeners.add(listener);
    return () => this.finishListeners.delete(listener);
  }

  private apply(event: LiveEvent): void {
    switch (event.type) {
      case 'job.created':
      case 'job.updated':
        this.upsert(event.job);
        break;
      case 'job.finished':
        this.upsert(event.job);
        for (const listener of this.finishListeners) listener(event.job);
        break;
      case 'job.page':
        for (const listener of this.pageListeners.get(event.jobId) ?? []) listener(event.page);
        break;
    }
  }
}

/** The app's job list. */
export const jobsState = new JobsState();
