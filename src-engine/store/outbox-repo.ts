import { type SqliteDatabase, statementCache, type Statement } from './database.js';

export interface OutboxEntry {
  id: number;
  jobId: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  attempts: number;
  nextAttemptAt: number;
}

/** Webhook deliveries waiting to be sent: persisted so a restart loses none. */
export class OutboxRepo {
  private readonly sql: (sql: string) => Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = statementCache(db);
  }

  add(entry: { jobId: string; url: string; headers: Record<string, string>; body: string }): number {
    const result = this.db
      .prepare("INSERT INTO webhook_outbox (job_id, url, headers_json, body, next_attempt_at, state) VALUES (?, ?, ?, ?, ?, 'pending')")
      .run(entry.jobId, entry.url, JSON.stringify(entry.headers), entry.body, Date.now());
    return Number(result.lastInsertRowid);
  }

  /** Pending deliveries whose time has come, oldest first (per job, order is kept by id). */
  due(now: number, limit: number): OutboxEntry[] {
    const rows = this.db
      .prepare(
        "SELECT id, job_id, url, headers_json, body, attempts, next_attempt_at FROM webhook_outbox WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?",
      )
      .all(now, limit) as {
      id: number;
      job_id: string;
      url: string;
      headers_json: string;
      body: string;
      attempts: number;
      next_attempt_at: number;
    }[];
    return rows.map((r) => ({
      id: r.id,
      jobId: r.job_id,
      url: r.url,
      headers: JSON.parse(r.headers_json),
      body: r.body,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
    }));
  }

  /** Earliest time a pending delivery is due, if any. */
  nextDueAt(): number | undefined {
    const row = this.sql("SELECT MIN(next_attempt_at) AS t FROM webhook_outbox WHERE state = 'pending'").get() as { t: number | null };
    return row.t ?? undefined;
  }

  markDelivered(id: number): void {
    this.sql("UPDATE webhook_outbox SET state = 'delivered', attempts = attempts + 1 WHERE id = ?").run(id);
  }

  markFailed(id: number, error: string, nextAttemptAt: number | undefined): void {
    if (nextAttemptAt === undefined) {
      this.sql("UPDATE webhook_outbox SET state = 'dead', attempts = attempts + 1, last_error = ? WHERE id = ?").run(error, id);
    } else {
      this.db
        .prepare('UPDATE webhook_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?')
        .run(error, nextAttemptAt, id);
    }
  }

  pendingCount(): number {
    return (this.sql("SELECT COUNT(*) AS n FROM webhook_outbox WHERE state = 'pending'").get() as { n: number }).n;
  }
}
