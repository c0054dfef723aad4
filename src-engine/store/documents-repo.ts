import type { ScrapedDocument } from '../contracts/index.js';
import { type SqliteDatabase, statementCache, type Statement } from './database.js';

/** Finished documents of jobs, in completion order; read in windows so nothing is held in memory. */
export class DocumentsRepo {
  private readonly sql: (sql: string) => Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = statementCache(db);
  }

  insert(jobId: string, doneSeq: number, document: ScrapedDocument): void {
    const json = JSON.stringify(document);
    this.db
      .prepare('INSERT OR REPLACE INTO documents (job_id, done_seq, scrape_id, size, doc_json) VALUES (?, ?, ?, ?, ?)')
      .run(jobId, doneSeq, document.metadata.scrapeId ?? '', json.length, json);
  }

  count(jobId: string): number {
    return (this.sql('SELECT COUNT(*) AS n FROM documents WHERE job_id = ?').get(jobId) as { n: number }).n;
  }

  /**
   * Reads documents from position `skip`, at most `limit` of them and at most `maxChars` of JSON
   * (a single document larger than that is still returned alone), per the 10 MB chunk rule.
   */
  window(jobId: string, skip: number, limit: number, maxChars: number): ScrapedDocument[] {
    const rows = this.db
      .prepare('SELECT size, doc_json FROM documents WHERE job_id = ? ORDER BY done_seq LIMIT ? OFFSET ?')
      .iterate(jobId, limit, skip) as IterableIterator<{ size: number; doc_json: string }>;
    const out: ScrapedDocument[] = [];
    let total = 0;
    for (const row of rows) {
      if (out.length > 0 && total + row.size > maxChars) break;
      total += row.size;
      out.push(JSON.parse(row.doc_json) as ScrapedDocument);
    }
    return out;
  }
}
