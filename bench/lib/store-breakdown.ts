/** How a stopped engine's SQLite store divides between its tables (from SQLite's `dbstat`). */
import { join } from 'node:path';
import Database from 'libsql';

/** Bytes per table (indexes included under their own names), largest first. */
export function storeBreakdown(dataDir: string): { name: string; bytes: number }[] {
  const db = new Database(join(dataDir, 'trawl.db'), { readonly: true });
  try {
    return db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as {
      name: string;
      bytes: number;
    }[];
  } catch {
    return [];
  } finally {
    db.close();
  }
}
