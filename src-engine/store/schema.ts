/**
 * Versioned migrations of the engine's SQLite store. Append only: a released migration is
 * never edited, a change is a new entry. Each runs once, inside a transaction.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'jobs, pages, documents, outbox, cache, change history',
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('crawl', 'batch')),
        status TEXT NOT NULL,
        url TEXT NOT NULL,
        url_count INTEGER NOT NULL DEFAULT 0,
        request_json TEXT NOT NULL,
        options_json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        finished_at TEXT,
        expires_at TEXT,
        kickoff_done INTEGER NOT NULL DEFAULT 0,
        cancelled INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        credits_used INTEGER NOT NULL DEFAULT 0,
        next_seq INTEGER NOT NULL DEFAULT 0,
        next_done_seq INTEGER NOT NULL DEFAULT 0,
        idempotency_key TEXT UNIQUE,
        robots_txt_json TEXT
      );

      CREATE TABLE pages (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        url TEXT NOT NULL,
        dedupe_key TEXT NOT NULL,
        depth INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'robots-blocked')),
        counts_toward_limit INTEGER NOT NULL DEFAULT 1,
        status_code INTEGER,
        title TEXT,
        duration_ms INTEGER,
        bytes INTEGER,
        error_code TEXT,
        error TEXT,
        scrape_id TEXT,
        finished_at TEXT,
        done_seq INTEGER,
        PRIMARY KEY (job_id, seq)
      );
      CREATE UNIQUE INDEX pages_dedupe ON pages (job_id, dedupe_key);
      CREATE INDEX pages_state ON pages (job_id, state, seq);

      -- Final URLs reached through redirects: visited, so never enqueued again.
      CREATE TABLE page_aliases (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        dedupe_key TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (job_id, dedupe_key)
      );

      CREATE TABLE documents (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        done_seq INTEGER NOT NULL,
        scrape_id TEXT NOT NULL,
        size INTEGER NOT NULL,
        doc_json TEXT NOT NULL,
        PRIMARY KEY (job_id, done_seq)
      );

      CREATE TABLE webhook_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL,
        url TEXT NOT NULL,
        headers_json TEXT NOT NULL,
        body TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
        last_error TEXT
      );
      CREATE INDEX outbox_due ON webhook_outbox (state, next_attempt_at);

      CREATE TABLE scrape_cache (
        cache_key TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        cached_at INTEGER NOT NULL,
        doc_json TEXT NOT NULL
      );

      CREATE TABLE change_history (
        url_key TEXT NOT NULL,
        tag TEXT NOT NULL,
        scraped_at TEXT NOT NULL,
        markdown TEXT NOT NULL,
        json TEXT,
        PRIMARY KEY (url_key, tag)
      );
    `,
  },
];
