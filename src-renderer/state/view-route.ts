/** The views of the app, in navigation order. */
export type ViewId = 'scrape' | 'batch' | 'crawl' | 'jobs' | 'library' | 'settings';

/** Views that show one job and keep its id in the route. */
export type JobViewId = 'crawl' | 'batch' | 'jobs';

export const VIEW_IDS: readonly ViewId[] = ['scrape', 'batch', 'crawl', 'jobs', 'library', 'settings'];

const JOB_VIEWS: ReadonlySet<string> = new Set<JobViewId>(['crawl', 'batch', 'jobs']);

/** A view and, for a job view, the job it shows. */
export interface ViewRoute {
  view: ViewId;
  jobId?: string;
}

/** True for views that show one job. */
export function isJobView(view: ViewId): view is JobViewId {
  return JOB_VIEWS.has(view);
}

/**
 * Reads a location hash such as `#/crawl/<job id>` or `#/library`. Anything else (an empty hash,
 * the `#key=…` sign-in fragment, an unknown view) is not a route.
 */
export function parseViewRoute(hash: string): ViewRoute | undefined {
  const match = /^#\/([a-z]+)(?:\/([^/?#]+))?\/?$/.exec(hash);
  if (!match) return undefined;
  const view = match[1] as ViewId;
  if (!VIEW_IDS.includes(view)) return undefined;
  if (!match[2] || !isJobView(view)) return { view };
  try {
    return { view, jobId: decodeURIComponent(match[2]) };
  } catch {
    return { view };
  }
}

/** The hash of a route: `#/crawl/<job id>`, or `#/<view>` without a job. */
export function formatViewRoute(route: ViewRoute): string {
  const job = route.jobId && isJobView(route.view) ? `/${encodeURIComponent(route.jobId)}` : '';
  return `#/${route.view}${job}`;
}
