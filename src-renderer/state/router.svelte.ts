import type { JobSummary } from '../api/types';
import { formatViewRoute, isJobView, parseViewRoute, type JobViewId, type ViewId, type ViewRoute } from './view-route';

const ATTACHED_STORAGE = 'trawl.attachedJobs';

/** Options of a finished job to fill into its view's form ("Run again"). */
export interface RerunRequest {
  view: 'crawl' | 'batch';
  options: Record<string, unknown>;
}

/**
 * Which view is open and which job each job view shows. The open view and its job live in the
 * location hash (`#/crawl/<id>`), so a reload, the back button or a bookmark come back to the
 * same place; the job of every job view is also kept for this tab in sessionStorage, so a reload
 * reattaches a crawl that is still running even while another view is open.
 */
export class Router {
  view = $state<ViewId>('scrape');
  jobs = $state<Partial<Record<JobViewId, string>>>({});
  /** A form to fill, taken (and cleared) by the view it is for. */
  rerun = $state<RerunRequest | null>(null);
  private win: Window | undefined;

  /** Reads the route from the address and follows back/forward; returns the stop function. */
  start(win: Window = window): () => void {
    this.win = win;
    try {
      const saved = JSON.parse(win.sessionStorage.getItem(ATTACHED_STORAGE) ?? '{}') as Record<string, unknown>;
      for (const [view, id] of Object.entries(saved)) {
        if (isJobView(view as ViewId) && typeof id === 'string') this.jobs[view as JobViewId] = id;
      }
    } catch {
      // A damaged entry only loses the reattachment.
    }
    const route = parseViewRoute(win.location.hash);
    if (route) this.apply(route);
    this.writeHash('replace');
    const onHashChange = () => {
      const next = parseViewRoute(win.location.hash);
      if (next) this.apply(next);
    };
    win.addEventListener('hashchange', onHashChange);
    return () => win.removeEventListener('hashchange', onHashChange);
  }

  /** Opens a view (a new history entry, so Back returns to the previous view). */
  show(view: ViewId): void {
    if (view === this.view) return;
    this.view = view;
    this.writeHash('push');
  }

  /** Records the job a job view shows (or none), in the address and for this tab. */
  attach(view: JobViewId, jobId: string | undefined): void {
    if (this.jobs[view] === jobId) return;
    if (jobId) this.jobs[view] = jobId;
    else delete this.jobs[view];
    this.save();
    if (this.view === view) this.writeHash('replace');
  }

  /** Opens a job's view with its form filled from the job's options. */
  runAgain(job: Pick<JobSummary, 'kind' | 'options'>): void {
    this.rerun = { view: job.kind, options: $state.snapshot(job.options) as Record<string, unknown> };
    this.show(job.kind);
  }

  private apply(route: ViewRoute): void {
    this.view = route.view;
    if (route.jobId && isJobView(route.view) && this.jobs[route.view] !== route.jobId) {
      this.jobs[route.view] = route.jobId;
      this.save();
    }
  }

  private save(): void {
    try {
      this.win?.sessionStorage.setItem(ATTACHED_STORAGE, JSON.stringify(this.jobs));
    } catch {
      // Storage refused (private mode, quota): the address still carries the open view's job.
    }
  }

  private writeHash(mode: 'push' | 'replace'): void {
    const win = this.win;
    if (!win) return;
    const hash = formatViewRoute({ view: this.view, jobId: isJobView(this.view) ? this.jobs[this.view] : undefined });
    if (win.location.hash === hash) return;
    const url = `${win.location.pathname}${win.location.search}${hash}`;
    try {
      if (mode === 'push') win.history.pushState(win.history.state, '', url);
      else win.history.replaceState(win.history.state, '', url);
    } catch {
      // A host that refuses history changes only loses the address; the view still switches.
    }
  }
}

/** The app's router. */
export const router = new Router();
