import Database from 'libsql';
import { MIGRATIONS, type Migration } from './schema.js';

export type SqliteDatabase = InstanceType<typeof Database>;

/**
 * Opens (creating when needed) a SQLite database in WAL mode and applies pending migrations.
 * `':memory:'` gives a private in-memory database with the same schema, used for
 * zero-data-retention jobs so that nothing of them touches the disk.
 */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): SqliteDatabase {
  const db = new Database(path);
  if (path !== ':memory:') {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
  }
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  applyMigrations(db, migrations);
  return db;
}

/** Applies every migration newer than the recorded version; idempotent on restart. */
export function applyMigrations(db: SqliteDatabase, migrations: readonly Migration[]): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  const current = row.v ?? 0;
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    })();
    applied.push(migration.version);
  }
  return applied;
}

/** The schema version a database is at. */
export function schemaVersion(db: SqliteDatabase): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

/**
 * Runs `fn` in a transaction, or inside the caller's when one is already open: libsql does not
 * nest transactions, and repositories are composed inside larger units of work.
 */
export function inTransaction<T>(db: SqliteDatabase, fn: () => T): T {
  if ((db as unknown as { inTransaction: boolean }).inTransaction) return fn();
  return db.transaction(fn)();
}

export type Statement = Database.Statement<unknown[]>;

/**
 * Prepared statements by SQL text, prepared once per database: repositories run the same few
 * statements for every page of a crawl.
 */
export function statementCache(db: SqliteDatabase): (sql: string) => Statement {
  const cache = new Map<string, Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
