import type { LibraryDocument } from '../../src-renderer/db/library-db';
import { toLibraryDocument } from '../../src-renderer/db/keep-document';

/** A kept document with the given URL, title and markdown. */
export function keptDocument(url: string, title: string, markdown: string, extra: Partial<LibraryDocument> = {}): LibraryDocument {
  const doc = toLibraryDocument(
    { markdown, metadata: { sourceURL: url, url, title, statusCode: 200, description: `About ${title}`, language: 'en' } },
    { jobId: 'job-1', jobKind: 'crawl' },
    Date.UTC(2026, 0, 2, 3, 4, 5),
  );
  return { ...doc, ...extra };
}
