import type { LibraryDb, LibraryDocument } from './library-db';
import { tokenize } from './search-tokens';

/** What the library list is narrowed by. Empty fields do not filter. */
export interface LibraryFilter {
  text: string;
  jobId: string;
  host: string;
  status: '' | 'ok' | 'error';
  tag: string;
  /** `YYYY-MM-DD`, inclusive, local time. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: LibraryFilter = { text: '', jobId: '', host: '', status: '', tag: '', from: '', to: '' };

function intersect(a: Set<string> | null, b: Iterable<string>): Set<string> {
  const next = new Set(b);
  if (a === null) return next;
  return new Set([...a].filter((id) => next.has(id)));
}

/**
 * Ids of the documents that match every filter, read from indexes only (no document is loaded),
 * or null when nothing filters. Each search word matches as a prefix of a word of the title,
 * URL or markdown.
 */
export async function matchingIds(db: LibraryDb, filter: LibraryFilter): Promise<Set<string> | null> {
  let ids: Set<string> | null = null;
  for (const word of new Set(tokenize(filter.text))) {
    ids = intersect(ids, (await db.documents.where('words').startsWith(word).primaryKeys()) as string[]);
    if (ids.size === 0) return ids;
  }
  const exact: [keyof LibraryDocument & string, string][] = [
    ['jobId', filter.jobId],
    ['host', filter.host],
    ['status', filter.status],
    ['tags', filter.tag],
  ];
  for (const [index, value] of exact) {
    if (value) ids = intersect(ids, (await db.documents.where(index).equals(value).primaryKeys()) as string[]);
  }
  if (filter.from || filter.to) {
    const lower = filter.from ? new Date(`${filter.from}T00:00:00`).getTime() : 0;
    const upper = filter.to ? new Date(`${filter.to}T23:59:59.999`).getTime() : Number.MAX_SAFE_INTEGER;
    ids = intersect(ids, (await db.documents.where('savedAt').between(lower, upper, true, true).primaryKeys()) as string[]);
  }
  return ids;
}

/** Ids of the matching documents, newest first. */
export async function orderedMatchingIds(db: LibraryDb, filter: LibraryFilter): Promise<string[]> {
  const ids = await matchingIds(db, filter);
  const ordered = (await db.documents.orderBy('savedAt').reverse().primaryKeys()) as string[];
  return ids === null ? ordered : ordered.filter((id) => ids.has(id));
}

/** Loads documents by id, in the given order, skipping ones deleted meanwhile. */
export async function loadDocuments(db: LibraryDb, ids: string[]): Promise<LibraryDocument[]> {
  const docs = await db.documents.bulkGet(ids);
  return docs.filter((d): d is LibraryDocument => d !== undefined);
}

/** Distinct values of an index (hosts, tags, job ids) for filter menus. */
export async function distinctValues(db: LibraryDb, index: 'host' | 'tags' | 'jobId'): Promise<string[]> {
  const keys = await db.documents.orderBy(index).uniqueKeys();
  return (keys as unknown[]).filter((k): k is string => typeof k === 'string' && k !== '');
}
