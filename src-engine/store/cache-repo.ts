import type { ScrapedDocument } from '../contracts/index.js';
import { type SqliteDatabase, statementCache, type Statement } from './database.js';

/** Scrape results kept for `maxAge` reuse, keyed by every option that changes the output. */
export class CacheRepo {
  private readonly sql: (sql: string) => Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = statementCache(db);
  }

  get(cacheKey: string): { cachedAt: number; document: ScrapedDocument } | undefined {
    const row = this.sql('SELECT cached_at, doc_json FROM scrape_cache WHERE cache_key = ?').get(cacheKey) as
      { cached_at: number; doc_json: string } | undefined;
    return row ? { cachedAt: row.cached_at, document: JSON.parse(row.doc_json) as ScrapedDocument } : undefined;
  }

  put(cacheKey: string, url: string, document: ScrapedDocument, cachedAt: number = Date.now()): void {
    this.db
      .prepare('INSERT OR REPLACE INTO scrape_cache (cache_key, url, cached_at, doc_json) VALUES (?, ?, ?, ?)')
      .run(cacheKey, url, cachedAt, JSON.stringify(document));
  }

  /** Drops entries older than `olderThan` (epoch ms). */
  prune(olderThan: number): number {
    return this.sql('DELETE FROM scrape_cache WHERE cached_at < ?').run(olderThan).changes;
  }
}
