import type { PageRecord, PageState } from '../contracts/index.js';
import { inTransaction, type SqliteDatabase, statementCache, type Statement } from './database.js';

export type { PageRecord, PageState };

interface PageRow {
  seq: number;
  url: string;
  depth: number;
  state: PageState;
  status_code: number | null;
  title: string | null;
  duration_ms: number | null;
  bytes: number | null;
  error_code: string | null;
  error: string | null;
  scrape_id: string | null;
  finished_at: string | null;
}

const COLUMNS = 'seq, url, depth, state, status_code, title, duration_ms, bytes, error_code, error, scrape_id, finished_at';

function toRecord(row: PageRow): PageRecord {
  const page: PageRecord = { seq: row.seq, url: row.url, depth: row.depth, state: row.state };
  if (row.status_code !== null) page.statusCode = row.status_code;
  if (row.title !== null) page.title = row.title;
  if (row.duration_ms !== null) page.durationMs = row.duration_ms;
  if (row.bytes !== null) page.bytes = row.bytes;
  if (row.error_code !== null) page.errorCode = row.error_code;
  if (row.error !== null) page.error = row.error;
  if (row.scrape_id !== null) page.scrapeId = row.scrape_id;
  if (row.finished_at !== null) page.finishedAt = row.finished_at;
  return page;
}

export interface NewPage {
  url: string;
  dedupeKey: string;
  depth: number;
  state?: 'queued' | 'robots-blocked';
  /** Whether the page takes one of the job's `limit` slots. */
  countsTowardLimit?: boolean;
}

export interface PageOutcome {
  statusCode?: number;
  title?: string;
  durationMs?: number;
  bytes?: number;
  scrapeId?: string;
}

/** Pages table: enqueueing with dedupe and limit, claiming, and recording outcomes. */
export class PagesRepo {
  private readonly sql: (sql: string) => Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = statementCache(db);
  }

  /**
   * Enqueues pages that are new to the job, in order, while the job's limit allows.
   * Returns the pages actually added. Runs in one transaction so dedupe and limit hold under concurrency.
   */
  enqueue(jobId: string, pages: NewPage[], limit: number = Number.POSITIVE_INFINITY): NewPage[] {
    if (pages.length === 0) return [];
    const countStmt = this.sql(
      "SELECT COUNT(*) AS n FROM pages WHERE job_id = ? AND counts_toward_limit = 1 AND state IN ('queued', 'running', 'done')",
    );
    const seqStmt = this.sql('UPDATE jobs SET next_seq = next_seq + 1 WHERE id = ? RETURNING next_seq - 1 AS seq');
    const existsStmt = this.sql(
      'SELECT 1 FROM pages WHERE job_id = ?1 AND dedupe_key = ?2 UNION ALL SELECT 1 FROM page_aliases WHERE job_id = ?1 AND dedupe_key = ?2',
    );
    const insertStmt = this.sql(
      'INSERT INTO pages (job_id, seq, url, dedupe_key, depth, state, counts_toward_limit) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    return inTransaction(this.db, () => {
      const added: NewPage[] = [];
      let used = (countStmt.get(jobId) as { n: number }).n;
      for (const page of pages) {
        const counts = page.countsTowardLimit !== false && page.state !== 'robots-blocked';
        if (counts && used >= limit) break;
        if (existsStmt.get(jobId, page.dedupeKey)) continue;
        const { seq } = seqStmt.get(jobId) as { seq: number };
        insertStmt.run(jobId, seq, page.url, page.dedupeKey, page.depth, page.state ?? 'queued', counts ? 1 : 0);
        if (counts) used += 1;
        added.push(page);
      }
      return added;
    });
  }

  /** The page (by seq) that owns a dedupe key, directly or through a redirect alias. */
  ownerOf(jobId: string, dedupeKey: string): number | undefined {
    const row = this.db
      .prepare(
        'SELECT seq FROM pages WHERE job_id = ?1 AND dedupe_key = ?2 UNION ALL SELECT seq FROM page_aliases WHERE job_id = ?1 AND dedupe_key = ?2',
      )
      .get(jobId, dedupeKey) as { seq: number } | undefined;
    return row?.seq;
  }

  /** Records that a page's redirect target is visited (first claim wins); false when already owned by another page. */
  claimAlias(jobId: string, dedupeKey: string, seq: number): boolean {
    return inTransaction(this.db, () => {
      const owner = this.ownerOf(jobId, dedupeKey);
      if (owner !== undefined) return owner === seq;
      this.sql('INSERT INTO page_aliases (job_id, dedupe_key, seq) VALUES (?, ?, ?)').run(jobId, dedupeKey, seq);
      return true;
    });
  }

  /** Next queued pages in discovery order (the caller picks one whose host is free). */
  peekQueued(jobId: string, count: number): PageRecord[] {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM pages WHERE job_id = ? AND state = 'queued' ORDER BY seq LIMIT ?`)
      .all(jobId, count) as PageRow[];
    return rows.map(toRecord);
  }

  /** Marks a queued page running; false when someone else took it first. */
  claim(jobId: string, seq: number): boolean {
    return this.sql("UPDATE pages SET state = 'running' WHERE job_id = ? AND seq = ? AND state = 'queued'").run(jobId, seq).changes > 0;
  }

  /** Puts a running page back in the queue (retry later, or after a restart). */
  requeue(jobId: string, seq: number): void {
    this.sql("UPDATE pages SET state = 'queued' WHERE job_id = ? AND seq = ? AND state = 'running'").run(jobId, seq);
  }

  /** After a restart nothing is running: every page that was in flight goes back to the queue. */
  requeueRunning(jobId: string): number {
    return this.sql("UPDATE pages SET state = 'queued' WHERE job_id = ? AND state = 'running'").run(jobId).changes;
  }

  /** Records a finished page and returns its completion order number. */
  markDone(jobId: string, seq: number, outcome: PageOutcome): number {
    return inTransaction(this.db, () => {
      const { done_seq } = this.db
        .prepare('UPDATE jobs SET next_done_seq = next_done_seq + 1 WHERE id = ? RETURNING next_done_seq - 1 AS done_seq')
        .get(jobId) as { done_seq: number };
      this.db
        .prepare(
          `UPDATE pages SET state = 'done', status_code = ?, title = ?, duration_ms = ?, bytes = ?, scrape_id = ?, finished_at = ?, done_seq = ?
           WHERE job_id = ? AND seq = ?`,
        )
        .run(
          outcome.statusCode ?? null,
          outcome.title ?? null,
          outcome.durationMs ?? null,
          outcome.bytes ?? null,
          outcome.scrapeId ?? null,
          new Date().toISOString(),
          done_seq,
          jobId,
          seq,
        );
      return done_seq;
    });
  }

  markFailed(
    jobId: string,
    seq: number,
    failure: { code: string; error: string; scrapeId?: string; durationMs?: number; statusCode?: number },
  ): void {
    this.db
      .prepare(
        `UPDATE pages SET state = 'failed', error_code = ?, error = ?, scrape_id = ?, duration_ms = ?, status_code = ?, finished_at = ?
         WHERE job_id = ? AND seq = ?`,
      )
      .run(
        failure.code,
        failure.error,
        failure.scrapeId ?? null,
        failure.durationMs ?? null,
        failure.statusCode ?? null,
        new Date().toISOString(),
        jobId,
        seq,
      );
  }

  /** Fails every page still queued (used when a job is cancelled). */
  failQueued(jobId: string, code: string, error: string): number {
    return this.db
      .prepare("UPDATE pages SET state = 'failed', error_code = ?, error = ?, finished_at = ? WHERE job_id = ? AND state = 'queued'")
      .run(code, error, new Date().toISOString(), jobId).changes;
  }

  list(jobId: string, skip: number, limit: number): PageRecord[] {
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM pages WHERE job_id = ? ORDER BY seq LIMIT ? OFFSET ?`)
      .all(jobId, limit, skip) as PageRow[];
    return rows.map(toRecord);
  }

  count(jobId: string): number {
    return (this.sql('SELECT COUNT(*) AS n FROM pages WHERE job_id = ?').get(jobId) as { n: number }).n;
  }

  get(jobId: string, seq: number): PageRecord | undefined {
    const row = this.sql(`SELECT ${COLUMNS} FROM pages WHERE job_id = ? AND seq = ?`).get(jobId, seq) as PageRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  failures(jobId: string): PageRecord[] {
    const rows = this.db.prepare(`SELECT ${COLUMNS} FROM pages WHERE job_id = ? AND state = 'failed' ORDER BY seq`).all(jobId) as PageRow[];
    return rows.map(toRecord);
  }

  robotsBlocked(jobId: string): string[] {
    const rows = this.db.prepare("SELECT url FROM pages WHERE job_id = ? AND state = 'robots-blocked' ORDER BY seq").all(jobId) as {
      url: string;
    }[];
    return rows.map((r) => r.url);
  }
}
