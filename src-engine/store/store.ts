import { join } from 'node:path';
import { openDatabase, type SqliteDatabase } from './database.js';
import { CacheRepo } from './cache-repo.js';
import { ChangeHistoryRepo } from './change-history-repo.js';
import { DocumentsRepo } from './documents-repo.js';
import { JobsRepo } from './jobs-repo.js';
import { MetaRepo } from './meta-repo.js';
import { OutboxRepo } from './outbox-repo.js';
import { PagesRepo } from './pages-repo.js';

/** The repositories over one database. */
export interface StoreTables {
  readonly db: SqliteDatabase;
  readonly jobs: JobsRepo;
  readonly pages: PagesRepo;
  readonly documents: DocumentsRepo;
  readonly outbox: OutboxRepo;
  readonly cache: CacheRepo;
  readonly changes: ChangeHistoryRepo;
  readonly meta: MetaRepo;
}

function tablesOf(db: SqliteDatabase): StoreTables {
  return {
    db,
    jobs: new JobsRepo(db),
    pages: new PagesRepo(db),
    documents: new DocumentsRepo(db),
    outbox: new OutboxRepo(db),
    cache: new CacheRepo(db),
    changes: new ChangeHistoryRepo(db),
    meta: new MetaRepo(db),
  };
}

export const DATABASE_FILE = 'trawl.db';

/**
 * The engine's store: `disk` is `<dataDir>/trawl.db`; `memory` has the same schema and holds
 * zero-data-retention jobs, so that nothing of them is written to disk.
 */
export class Store {
  readonly disk: StoreTables;
  readonly memory: StoreTables;

  constructor(dataDir: string) {
    this.disk = tablesOf(openDatabase(join(dataDir, DATABASE_FILE)));
    this.memory = tablesOf(openDatabase(':memory:'));
  }

  /** The tables that hold a job: the memory store for zero-data-retention jobs. */
  tablesForJob(jobId: string): StoreTables | undefined {
    if (this.memory.jobs.get(jobId)) return this.memory;
    if (this.disk.jobs.get(jobId)) return this.disk;
    return undefined;
  }

  close(): void {
    this.disk.db.close();
    this.memory.db.close();
  }
}
