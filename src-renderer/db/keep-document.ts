import type { ScrapedDocument } from '../../src-engine/contracts/index';
import type { LibraryDocument } from './library-db';
import { searchWords } from './search-tokens';

/** Where a document came from. */
export interface DocumentOrigin {
  jobId: string | null;
  jobKind: LibraryDocument['jobKind'];
}

/** Host of a URL, or an empty string when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Turns an engine document into a library row (tags and notes start empty). */
export function toLibraryDocument(doc: ScrapedDocument, origin: DocumentOrigin, savedAt = Date.now()): LibraryDocument {
  const meta = doc.metadata ?? ({ sourceURL: '', statusCode: 0 } as ScrapedDocument['metadata']);
  const url = (typeof meta.url === 'string' && meta.url) || meta.sourceURL || '';
  const title = typeof meta.title === 'string' ? meta.title : '';
  const statusCode = typeof meta.statusCode === 'number' ? meta.statusCode : 0;
  const key = (typeof meta.scrapeId === 'string' && meta.scrapeId) || url;
  return {
    id: `${origin.jobId ?? 'scrape'}:${key}`,
    url,
    host: hostOf(url),
    title,
    statusCode,
    status: statusCode >= 200 && statusCode < 400 && !meta.error ? 'ok' : 'error',
    jobId: origin.jobId,
    jobKind: origin.jobKind,
    savedAt,
    tags: [],
    notes: '',
    words: searchWords({ title, url, markdown: doc.markdown }),
    doc,
  };
}
