import { type SqliteDatabase, statementCache, type Statement } from './database.js';

/** Small engine-wide values (credits counter, settings) as key/value text. */
export class MetaRepo {
  private readonly sql: (sql: string) => Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = statementCache(db);
  }

  get(key: string): string | undefined {
    const row = this.sql('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  set(key: string, value: string): void {
    this.sql('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }

  /** Adds to a numeric counter atomically and returns the new value. */
  increment(key: string, by: number): number {
    const row = this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, CAST(? AS TEXT)) ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + ? AS TEXT) RETURNING value',
      )
      .get(key, by, by) as { value: string };
    return Number(row.value);
  }
}
