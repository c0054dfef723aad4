/**
 * The `changeTracking` format: compares this scrape's Markdown with the previous snapshot of
 * the same URL (and tag) and reports new / same / changed, with a git-style diff on request.
 */
import type { ChangeTrackingResult } from '../contracts/document.js';
import { diffMarkdown } from './markdown-diff.js';

export interface ChangeTrackingInput {
  /** The last stored snapshot for this URL and tag, or null on a first scrape. */
  previous: { markdown: string; scrapedAt: string } | null;
  currentMarkdown: string;
  /** The `git-diff` mode was requested: attach `diff` when the page changed. */
  gitDiff: boolean;
  /** 'hidden' for a page no longer reachable by links in the current crawl (default 'visible'). */
  visibility?: ChangeTrackingResult['visibility'];
}

/**
 * Computes the change-tracking block of a document. Pages whose Markdown differs only in
 * the amount of whitespace count as 'same'. The diff is attached only to 'changed' pages in
 * git-diff mode. The `json` mode (model comparison) is added by the caller on top of this.
 */
export function computeChangeTracking(input: ChangeTrackingInput): ChangeTrackingResult {
  const visibility = input.visibility ?? 'visible';
  if (!input.previous) return { previousScrapeAt: null, changeStatus: 'new', visibility };
  const changed = collapseWhitespace(input.previous.markdown) !== collapseWhitespace(input.currentMarkdown);
  const result: ChangeTrackingResult = {
    previousScrapeAt: input.previous.scrapedAt,
    changeStatus: changed ? 'changed' : 'same',
    visibility,
  };
  if (changed && input.gitDiff) {
    const diff = diffMarkdown(input.previous.markdown, input.currentMarkdown);
    if (diff) result.diff = diff;
  }
  return result;
}

/**
 * The change-tracking block of a page that has gone (a 404 now, or missing from a re-crawl):
 * `changeStatus: 'removed'`, pointing at the previous snapshot's time when there was one.
 */
export function removedChangeTracking(
  previousScrapeAt: string | null,
  visibility: ChangeTrackingResult['visibility'] = 'visible',
): ChangeTrackingResult {
  return { previousScrapeAt, changeStatus: 'removed', visibility };
}

function collapseWhitespace(markdown: string): string {
  return markdown.replace(/\s+/g, ' ').trim();
}
