import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type BusyWaitObserver, waitWhenBusy } from './busy-wait.ts';
import * as schema from './schema/index.ts';
import { cacheStatements } from './statement-cache.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface OpenOptions {
  /** Apply pending migrations (the API and workers do; a read-only tool may not). */
  migrate?: boolean;
  /** How long a writer waits for another process's transaction before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  onBusyWait?: BusyWaitObserver;
}

/** Opens the SQLite file with the pragmas every process must agree on, then migrates. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Created 0600 before SQLite opens it: SQLite gives the WAL and shared-memory files the database's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new Database(file);
  const busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
  waitWhenBusy(sqlite, busyTimeoutMs, options.onBusyWait);
  enableWal(sqlite, busyTimeoutMs);
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable across application crashes; only an OS crash can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  if (options.migrate !== false) migrate(sqlite);
  // Deleted and overwritten content is zeroed, not left in free space: a purged session's personal data
  // must not stay readable in the file (docs/evidence.md "Retention and purging"). After migrating: a
  // migration's schema change resets it.
  sqlite.pragma('secure_delete = ON');
  cacheStatements(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  return db;
}

/**
 * Switches a new file to WAL. SQLite does not run the busy handler when two connections switch the mode at
 * the same moment (two processes starting on a fresh DATA_DIR), so retry SQLITE_BUSY here ourselves.
 */
function enableWal(sqlite: Database.Database, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 + Math.random() * 40);
    }
  }
}

/**
 * Applies drizzle-kit's committed migrations inside one IMMEDIATE transaction, so several processes
 * starting at once on the same file serialise instead of racing (drizzle's own migrator reads the
 * applied list outside its transaction). Uses drizzle's bookkeeping table, so drizzle-kit stays compatible.
 */
export function migrate(sqlite: Database.Database): void {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  sqlite
    .transaction(() => {
      sqlite.exec(
        'CREATE TABLE IF NOT EXISTS __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)',
      );
      const last = sqlite
        .prepare('SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1')
        .get() as { created_at: number } | undefined;
      for (const m of migrations) {
        if (last && Number(last.created_at) >= m.folderMillis) continue;
        for (const statement of m.sql) if (statement.trim()) sqlite.exec(statement);
        sqlite
          .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
          .run(m.hash, m.folderMillis);
      }
    })
    .immediate();
}
