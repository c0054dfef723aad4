import type { JobKind, JobStatus } from '../contracts/index.js';
import { type SqliteDatabase, statementCache, type Statement } from './database.js';

/** A crawl or batch job as stored. `request` is the body as the client sent it. */
export interface JobRecord {
  id: string;
  kind: JobKind;
  status: JobStatus;
  url: string;
  urlCount: number;
  request: Record<string, unknown>;
  options: Record<string, unknown>;
  createdAt: string;
  finishedAt?: string;
  expiresAt?: string;
  kickoffDone: boolean;
  cancelled: boolean;
  error?: string;
  creditsUsed: number;
  idempotencyKey?: string;
}

/** Page counters of one job, derived from the pages table. */
export interface JobCounts {
  queued: number;
  running: number;
  done: number;
  failed: number;
  robotsBlocked: number;
}

interface JobRow {
  id: string;
  kind: JobKind;
  status: JobStatus;
  url: string;
  url_count: number;
  request_json: string;
  options_json: string;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
  kickoff_done: number;
  cancelled: number;
  error: string | null;
  credits_used: number;
  idempotency_key: string | null;
}

const COLUMNS =
  'id, kind, status, url, url_count, request_json, options_json, created_at, finished_at, expires_at, kickoff_done, cancelled, error, credits_used, idempotency_key';

function toRecord(row: JobRow): JobRecord {
  const record: JobRecord = {
    id: row.id,
    kind: row.kind,
    status: row.status,
    url: row.url,
    urlCount: row.url_count,
    request: JSON.parse(row.request_json),
    options: JSON.parse(row.options_json),
    createdAt: row.created_at,
    kickoffDone: row.kickoff_done === 1,
    cancelled: row.cancelled === 1,
    creditsUsed: row.credits_used,
  };
  if (row.finished_at) record.finishedAt = row.finished_at;
  if (row.expires_at) record.expiresAt = row.expires_at;
  if (row.error) record.error = row.error;
  if (row.idempotency_key) record.idempotencyKey = row.idempotency_key;
  return record;
}

/** Jobs table: creation, status transitions, lookups and expiry. */
export class JobsRepo {
  private readonly sql: (sql: string) => Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = statementCache(db);
  }

  insert(job: Omit<JobRecord, 'creditsUsed' | 'kickoffDone' | 'cancelled'> & { kickoffDone?: boolean }): void {
    this.db
      .prepare(
        `INSERT INTO jobs (id, kind, status, url, url_count, request_json, options_json, created_at, kickoff_done, idempotency_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        job.id,
        job.kind,
        job.status,
        job.url,
        job.urlCount,
        JSON.stringify(job.request),
        JSON.stringify(job.options),
        job.createdAt,
        job.kickoffDone ? 1 : 0,
        job.idempotencyKey ?? null,
      );
  }

  get(id: string): JobRecord | undefined {
    const row = this.sql(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`).get(id) as JobRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  findByIdempotencyKey(key: string): JobRecord | undefined {
    const row = this.sql(`SELECT ${COLUMNS} FROM jobs WHERE idempotency_key = ?`).get(key) as JobRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  list(limit = 500): JobRecord[] {
    const rows = this.sql(`SELECT ${COLUMNS} FROM jobs ORDER BY created_at DESC LIMIT ?`).all(limit) as JobRow[];
    return rows.map(toRecord);
  }

  /** Jobs that were running when the engine stopped: they resume at start. */
  listUnfinished(): JobRecord[] {
    const rows = this.sql(`SELECT ${COLUMNS} FROM jobs WHERE status = 'scraping' ORDER BY created_at`).all() as JobRow[];
    return rows.map(toRecord);
  }

  setKickoffDone(id: string): void {
    this.sql('UPDATE jobs SET kickoff_done = 1 WHERE id = ?').run(id);
  }

  setUrlCount(id: string, count: number): void {
    this.sql('UPDATE jobs SET url_count = ? WHERE id = ?').run(count, id);
  }

  addCredits(id: string, credits: number): void {
    this.sql('UPDATE jobs SET credits_used = credits_used + ? WHERE id = ?').run(credits, id);
  }

  /** Moves a running job to a terminal status once; returns false when it was already terminal. */
  finish(id: string, status: Exclude<JobStatus, 'scraping'>, expiresAt: string, error?: string): boolean {
    const result = this.db
      .prepare(
        `UPDATE jobs SET status = ?, finished_at = ?, expires_at = ?, error = ?, cancelled = CASE WHEN ? = 'cancelled' THEN 1 ELSE cancelled END
         WHERE id = ? AND status = 'scraping'`,
      )
      .run(status, new Date().toISOString(), expiresAt, error ?? null, status, id);
    return result.changes > 0;
  }

  touchExpiry(id: string, expiresAt: string): void {
    this.sql('UPDATE jobs SET expires_at = ? WHERE id = ? AND expires_at IS NOT NULL').run(expiresAt, id);
  }

  counts(id: string): JobCounts {
    const rows = this.db.prepare('SELECT state, COUNT(*) AS n FROM pages WHERE job_id = ? GROUP BY state').all(id) as {
      state: string;
      n: number;
    }[];
    const counts: JobCounts = { queued: 0, running: 0, done: 0, failed: 0, robotsBlocked: 0 };
    for (const row of rows) {
      if (row.state === 'robots-blocked') counts.robotsBlocked = row.n;
      else counts[row.state as 'queued' | 'running' | 'done' | 'failed'] = row.n;
    }
    return counts;
  }

  /** Deletes jobs whose expiry has passed (their pages and documents go with them). */
  deleteExpired(now: Date): number {
    return this.sql('DELETE FROM jobs WHERE expires_at IS NOT NULL AND expires_at < ?').run(now.toISOString()).changes;
  }
}
