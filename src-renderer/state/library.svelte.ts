import type { ScrapedDocument } from '../../src-engine/contracts/index';
import type { TrawlClient } from '../api/client';
import type { JobSummary } from '../api/types';
import { toLibraryDocument, type DocumentOrigin } from '../db/keep-document';
import { libraryDb, type LibraryDb, type LibraryDocument } from '../db/library-db';
import { EMPTY_FILTER, distinctValues, loadDocuments, orderedMatchingIds, type LibraryFilter } from '../db/library-query';

const PAGE_SIZE = 50;

/**
 * The library: what the user keeps, searched and filtered from IndexedDB. Keeping a document
 * again refreshes its content but keeps its tags and notes.
 */
export class LibraryState {
  filter = $state<LibraryFilter>({ ...EMPTY_FILTER });
  ids = $state.raw<string[]>([]);
  rows = $state.raw<LibraryDocument[]>([]);
  page = $state(0);
  total = $state(0);
  hosts = $state.raw<string[]>([]);
  tags = $state.raw<string[]>([]);
  jobIds = $state.raw<string[]>([]);
  selected = $state<Record<string, boolean>>({});
  /** Bumped after each write, so open views refresh. */
  revision = $state(0);
  private queryRun = 0;

  constructor(readonly db: LibraryDb = libraryDb) {}

  /** Keeps documents (bulk), merging with tags and notes already kept. */
  async keep(docs: ScrapedDocument[], origin: DocumentOrigin): Promise<number> {
    if (docs.length === 0) return 0;
    const rows = docs.map((d) => toLibraryDocument(d, origin));
    const existing = await this.db.documents.bulkGet(rows.map((r) => r.id));
    rows.forEach((row, i) => {
      const old = existing[i];
      if (old) {
        row.tags = old.tags;
        row.notes = old.notes;
      }
    });
    await this.db.documents.bulkPut(rows);
    this.revision++;
    return rows.length;
  }

  /** Keeps every document of a finished job, reading it chunk by chunk. */
  async keepJob(client: TrawlClient, job: Pick<JobSummary, 'id' | 'kind' | 'url' | 'createdAt'>): Promise<number> {
    let count = 0;
    await client.readJobDocuments(job.kind, job.id, async (docs) => {
      count += await this.keep(docs, { jobId: job.id, jobKind: job.kind });
    });
    await this.db.jobs.put({ id: job.id, kind: job.kind, url: job.url, createdAt: job.createdAt, keptAt: Date.now(), documentCount: count });
    this.revision++;
    return count;
  }

  /** True when the library already holds this job. */
  async hasJob(id: string): Promise<boolean> {
    return (await this.db.jobs.get(id)) !== undefined;
  }

  /** Runs the current filter and loads the current page. */
  async query(): Promise<void> {
    const run = ++this.queryRun;
    const ids = await orderedMatchingIds(this.db, $state.snapshot(this.filter));
    if (run !== this.queryRun) return;
    this.ids = ids;
    this.total = ids.length;
    const lastPage = Math.max(0, Math.ceil(ids.length / PAGE_SIZE) - 1);
    if (this.page > lastPage) this.page = lastPage;
    const rows = await loadDocuments(this.db, ids.slice(this.page * PAGE_SIZE, (this.page + 1) * PAGE_SIZE));
    if (run !== this.queryRun) return;
    this.rows = rows;
    const [hosts, tags, jobIds] = await Promise.all([
      distinctValues(this.db, 'host'),
      distinctValues(this.db, 'tags'),
      distinctValues(this.db, 'jobId'),
    ]);
    this.hosts = hosts;
    this.tags = tags;
    this.jobIds = jobIds;
  }

  /** Number of pages of results. */
  get pageCount(): number {
    return Math.max(1, Math.ceil(this.total / PAGE_SIZE));
  }

  /** Ids of the selected documents, in list order. */
  get selectedIds(): string[] {
    return this.ids.filter((id) => this.selected[id]);
  }

  /** Replaces a document's tags and notes. */
  async annotate(id: string, tags: string[], notes: string): Promise<void> {
    await this.db.documents.update(id, { tags, notes });
    this.revision++;
  }

  /** Deletes documents. */
  async remove(ids: string[]): Promise<void> {
    await this.db.documents.bulkDelete(ids);
    for (const id of ids) delete this.selected[id];
    this.revision++;
  }
}

/** The app's library. */
export const library = new LibraryState();
