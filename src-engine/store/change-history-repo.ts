import { type SqliteDatabase, statementCache, type Statement } from './database.js';

export interface ChangeSnapshot {
  scrapedAt: string;
  markdown: string;
  json?: unknown;
}

/** The last scrape of each (URL, tag), the baseline for the changeTracking format. */
export class ChangeHistoryRepo {
  private readonly sql: (sql: string) => Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = statementCache(db);
  }

  get(urlKey: string, tag: string): ChangeSnapshot | undefined {
    const row = this.sql('SELECT scraped_at, markdown, json FROM change_history WHERE url_key = ? AND tag = ?').get(urlKey, tag) as
      { scraped_at: string; markdown: string; json: string | null } | undefined;
    if (!row) return undefined;
    const snapshot: ChangeSnapshot = { scrapedAt: row.scraped_at, markdown: row.markdown };
    if (row.json !== null) snapshot.json = JSON.parse(row.json);
    return snapshot;
  }

  put(urlKey: string, tag: string, snapshot: ChangeSnapshot): void {
    this.db
      .prepare('INSERT OR REPLACE INTO change_history (url_key, tag, scraped_at, markdown, json) VALUES (?, ?, ?, ?, ?)')
      .run(urlKey, tag, snapshot.scrapedAt, snapshot.markdown, snapshot.json === undefined ? null : JSON.stringify(snapshot.json));
  }
}
