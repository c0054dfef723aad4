import Dexie, { type Table } from 'dexie';
import type { ScrapedDocument } from '../../src-engine/contracts/index';

/** A document the user keeps, with what the library adds: tags, notes, search words. */
export interface LibraryDocument {
  /** `<jobId or "scrape">:<scrapeId or URL>`, so keeping a job twice does not duplicate it. */
  id: string;
  url: string;
  host: string;
  title: string;
  statusCode: number;
  /** `ok` for 2xx/3xx pages, `error` otherwise. */
  status: 'ok' | 'error';
  jobId: string | null;
  jobKind: 'scrape' | 'crawl' | 'batch';
  /** Milliseconds since the epoch. */
  savedAt: number;
  tags: string[];
  notes: string;
  words: string[];
  doc: ScrapedDocument;
}

/** A job the library holds documents of; kept after the engine forgets the job. */
export interface LibraryJob {
  id: string;
  kind: 'crawl' | 'batch';
  url: string;
  createdAt: string;
  keptAt: number;
  documentCount: number;
}

/**
 * The researcher's own library in IndexedDB. Versions only ever add: a new version declares the
 * full store list and, when it must, an upgrade that fills new fields of existing rows.
 */
export class LibraryDb extends Dexie {
  documents!: Table<LibraryDocument, string>;
  jobs!: Table<LibraryJob, string>;

  constructor(name = 'trawl-library') {
    super(name);
    this.version(1).stores({
      documents: 'id, url, host, jobId, status, savedAt, *tags, *words',
    });
    this.version(2).stores({
      documents: 'id, url, host, jobId, status, savedAt, statusCode, *tags, *words',
      jobs: 'id, kind, keptAt',
    });
  }
}

/** The app's library database. */
export const libraryDb = new LibraryDb();
