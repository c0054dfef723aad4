import type { ApiError, FieldIssue } from '../api/api-error';

/** Where a form's object-form formats sit in the request it sent. */
export interface FormatPlaces {
  /** Path of the scrape options in the request (`['scrapeOptions']` for a crawl, `[]` otherwise). */
  prefix: (string | number)[];
  /** Index of each object-form format in `formats`. */
  formatIndex: Partial<Record<'screenshot' | 'json' | 'changeTracking', number>>;
}

/**
 * The field issues of a refused request. The engine's `details` carry a path for everything its
 * request schema checks; a few refusals come without one (a JSON schema the validator cannot
 * compile, a format that needs a language model when none is set), and those are placed on the
 * field they are about, so the message always appears beside something the user can change.
 */
export function issuesOfRefusal(error: ApiError, places: FormatPlaces): FieldIssue[] {
  if (error.issues.length > 0) return error.issues;
  const fieldOf = (kind: keyof FormatPlaces['formatIndex'], field: string) => {
    const index = places.formatIndex[kind];
    return index === undefined ? undefined : [...places.prefix, 'formats', index, field];
  };
  let path: (string | number)[] | undefined;
  if (/^Invalid JSON schema\b/i.test(error.message)) {
    path = fieldOf('json', 'schema') ?? fieldOf('changeTracking', 'schema');
  } else if (error.code === 'LLM_NOT_CONFIGURED') {
    path = /^Change tracking/i.test(error.message) ? fieldOf('changeTracking', 'schema') : fieldOf('json', 'prompt');
  }
  return path ? [{ path, message: error.message }] : [];
}

/**
 * Moves the engine's issues about single URLs of a batch (`urls.<index in the request>`) onto
 * the URL list, naming the line of the list the URL came from.
 */
export function placeBatchUrlIssues(issues: readonly FieldIssue[], sentLines: readonly number[]): FieldIssue[] {
  return issues.map((issue) => {
    const [head, index] = issue.path;
    if (head !== 'urls' || typeof index !== 'number' || issue.path.length !== 2) return issue;
    const line = sentLines[index];
    return { path: ['urls'], message: line === undefined ? issue.message : `Line ${line}: ${issue.message}` };
  });
}

/** The line above a refused form: what went wrong, pointing at the fields when they carry it. */
export function refusalMessage(error: ApiError, placed: readonly FieldIssue[]): string {
  const code = error.code ? `${error.code}: ` : '';
  if (placed.length === 0) return `${code}${error.message}`;
  return `The engine refused the request (${error.code ?? `HTTP ${error.status}`}); see the highlighted field${placed.length === 1 ? '' : 's'}.`;
}

/** True when some issue belongs to a field other than the given top-level ones (it sits in the options panel). */
export function hasIssuesOutside(issues: readonly FieldIssue[], topLevel: readonly string[]): boolean {
  return issues.some((issue) => !topLevel.includes(String(issue.path[0] ?? '')));
}
