import type { SqliteDatabase } from './database.js';

/** Small engine-wide values (credits counter, settings) as key/value text. */
export class MetaRepo {
  constructor(private readonly db: SqliteDatabase) {}

  get(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  set(key: string, value: string): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }

  /** Adds to a numeric counter atomically and returns the new value. */
  increment(key: string, by: number): number {
    const row = this.db
      .prepare(
        "INSERT INTO meta (key, value) VALUES (?, CAST(? AS TEXT)) ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + ? AS TEXT) RETURNING value",
      )
      .get(key, by, by) as { value: string };
    return Number(row.value);
  }
}
