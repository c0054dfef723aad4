import type { FieldIssue } from '../api/api-error';

/** Issues keyed by their dotted path (`formats.1.quality`, `actions.0.selector`, or `` for the form). */
export type IssuesByField = Record<string, string[]>;

/** The dotted key of a path. */
export function fieldKey(path: readonly (string | number)[]): string {
  return path.map(String).join('.');
}

/**
 * Groups issues by field. `stripPrefix` drops a leading path (e.g. `scrapeOptions` of a crawl)
 * so the same scrape-options form can show them.
 */
export function groupIssues(issues: readonly FieldIssue[]): IssuesByField {
  const out: IssuesByField = {};
  for (const issue of issues) (out[fieldKey(issue.path)] ??= []).push(issue.message);
  return out;
}

/** Messages for a field and everything below it, for a form section that has no finer place. */
export function issuesUnder(issues: IssuesByField, prefix: string): string[] {
  return Object.entries(issues)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
    .flatMap(([, messages]) => messages);
}

/** Converts zod issues (from a local safeParse) to the engine's issue shape. */
export function fromZodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldIssue[] {
  return issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'),
    message: i.message,
  }));
}
