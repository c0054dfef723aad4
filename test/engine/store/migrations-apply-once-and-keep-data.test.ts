import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, openDatabase, schemaVersion } from '../../../src-engine/store/database.js';
import { MIGRATIONS, type Migration } from '../../../src-engine/store/schema.js';
import { DATABASE_FILE, Store } from '../../../src-engine/store/store.js';
import { insertJob, removeTempDirs, tempDir } from './store-fixtures.js';

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));
const TABLES = ['meta', 'jobs', 'pages', 'page_aliases', 'documents', 'webhook_outbox', 'scrape_cache', 'change_history', 'schema_migrations'];

afterEach(removeTempDirs);

function tableNames(db: ReturnType<typeof openDatabase>): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

function recordedMigrations(db: ReturnType<typeof openDatabase>): { version: number; name: string; applied_at: string }[] {
  return db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all() as never;
}

describe('store migrations', () => {
  it('are numbered 1, 2, 3… without gaps or repeats', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('create the database in an empty folder and apply every migration', () => {
    const dir = tempDir();
    const store = new Store(dir);
    try {
      expect(existsSync(join(dir, DATABASE_FILE))).toBe(true);
      expect(tableNames(store.disk.db)).toEqual(expect.arrayContaining(TABLES));
      expect(schemaVersion(store.disk.db)).toBe(LATEST);
    } finally {
      store.close();
    }
  });

  it('record each applied version with its name and time', () => {
    const before = Date.now();
    const db = openDatabase(join(tempDir(), DATABASE_FILE));
    try {
      const rows = recordedMigrations(db);
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
      for (const row of rows) expect(Date.parse(row.applied_at)).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      db.close();
    }
  });

  it('are not applied again when the store is reopened, and the data is kept', () => {
    const dir = tempDir();
    const first = new Store(dir);
    const jobId = insertJob(first.disk);
    first.disk.meta.set('credits_used', '42');
    const appliedAt = recordedMigrations(first.disk.db);
    first.close();

    const second = new Store(dir);
    try {
      expect(recordedMigrations(second.disk.db)).toEqual(appliedAt);
      expect(applyMigrations(second.disk.db, MIGRATIONS)).toEqual([]);
      expect(second.disk.jobs.get(jobId)?.url).toBe('http://127.0.0.1:9/');
      expect(second.disk.meta.get('credits_used')).toBe('42');
    } finally {
      second.close();
    }
  });

  it('apply only the migrations newer than the recorded version', () => {
    const path = join(tempDir(), DATABASE_FILE);
    openDatabase(path).close();
    const next: Migration = { version: LATEST + 1, name: 'notes', sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);' };
    const db = openDatabase(path, [...MIGRATIONS, next]);
    try {
      expect(schemaVersion(db)).toBe(LATEST + 1);
      expect(tableNames(db)).toContain('notes');
      expect(recordedMigrations(db).map((r) => r.version)).toEqual([...MIGRATIONS.map((m) => m.version), LATEST + 1]);
      expect(applyMigrations(db, [...MIGRATIONS, next])).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('leave nothing behind from a migration that fails part way (each runs in a transaction)', () => {
    const path = join(tempDir(), DATABASE_FILE);
    openDatabase(path).close();
    const broken: Migration = {
      version: LATEST + 1,
      name: 'broken',
      sql: 'CREATE TABLE half_done (id INTEGER PRIMARY KEY); INSERT INTO no_such_table VALUES (1);',
    };
    expect(() => openDatabase(path, [...MIGRATIONS, broken])).toThrow();
    const db = openDatabase(path);
    try {
      expect(schemaVersion(db)).toBe(LATEST);
      expect(tableNames(db)).not.toContain('half_done');
    } finally {
      db.close();
    }
  });

  it('run the database in WAL mode with foreign keys enforced', () => {
    const dir = tempDir();
    const store = new Store(dir);
    try {
      expect(store.disk.db.prepare('PRAGMA journal_mode').get()).toMatchObject({ journal_mode: 'wal' });
      expect(store.disk.db.prepare('PRAGMA foreign_keys').get()).toMatchObject({ foreign_keys: 1 });
      insertJob(store.disk);
      expect(existsSync(join(dir, `${DATABASE_FILE}-wal`))).toBe(true);
      expect(() =>
        store.disk.db.prepare("INSERT INTO pages (job_id, seq, url, dedupe_key, state) VALUES ('no-such-job', 0, 'u', 'k', 'queued')").run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      store.close();
    }
  });

  it('give the in-memory store (zero data retention) the same schema, with nothing on disk', () => {
    const dir = tempDir();
    const store = new Store(dir);
    try {
      expect(tableNames(store.memory.db)).toEqual(tableNames(store.disk.db));
      expect(schemaVersion(store.memory.db)).toBe(LATEST);
      const jobId = insertJob(store.memory);
      expect(store.tablesForJob(jobId)).toBe(store.memory);
      expect(store.disk.jobs.get(jobId)).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
