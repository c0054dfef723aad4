/** Temporary data folders and a job row for the store tests. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreTables } from '../../../src-engine/store/store.js';

const made: string[] = [];

/** A fresh empty folder, removed by `removeTempDirs`. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-store-'));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Inserts a running crawl job and returns its id. */
export function insertJob(tables: StoreTables, url = 'http://127.0.0.1:9/'): string {
  const id = randomUUID();
  tables.jobs.insert({ id, kind: 'crawl', status: 'scraping', url, urlCount: 0, request: { url }, options: {}, createdAt: new Date().toISOString() });
  return id;
}
