import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { Database, type Db } from './database.ts';
import { PgConnection } from './postgres/connection.ts';
import { migratePostgres } from './postgres/migrate.ts';
import {
  backfillSessionTermsSqlite,
  migrationTime,
  SESSION_TERMS_MIGRATION,
} from './session-terms-backfill.ts';
import { type BusyWaitObserver, isBusy, untilFree } from './sqlite/busy.ts';
import { SqliteConnection } from './sqlite/connection.ts';

export type { Db, Tx } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL: pooled connections of this process. */
  poolSize?: number;
  /** Apply pending migrations (the API and workers do; a read-only tool may not). */
  migrate?: boolean;
  /** How long a writer waits for another process's transaction before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  onBusyWait?: BusyWaitObserver;
}

/** Whether a database location is a PostgreSQL URL (DATABASE_URL) rather than a SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//.test(location);

/**
 * Opens the database at `location`: a `postgres://` URL, or the path of a SQLite file (created with the
 * pragmas every process must agree on). Then migrates, unless told not to.
 */
export async function openDatabase(location: string, options: OpenOptions = {}): Promise<Db> {
  return isPostgresUrl(location) ? openPostgres(location, options) : openSqlite(location, options);
}

async function openPostgres(url: string, options: OpenOptions): Promise<Db> {
  const connection = new PgConnection(url, { poolSize: options.poolSize });
  try {
    const db = new Database(connection);
    if (options.migrate !== false) await migratePostgres(connection);
    return db;
  } catch (err) {
    await connection.close();
    throw err;
  }
}

async function openSqlite(file: string, options: OpenOptions): Promise<Db> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Created 0600 before SQLite opens it: SQLite gives the WAL and shared-memory files the database's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const connection = new SqliteConnection(file, options.busyTimeoutMs ?? 10_000, options.onBusyWait);
  const { sqlite } = connection;
  try {
    await enableWal(connection);
    sqlite.pragma('foreign_keys = ON');
    // WAL + NORMAL is durable across application crashes; only an OS crash can lose the last commits.
    sqlite.pragma('synchronous = NORMAL');
    const db = new Database(connection);
    if (options.migrate !== false) await migrate(db);
    // Deleted and overwritten content is zeroed, not left in free space: a purged session's personal data
    // must not stay readable in the file (docs/evidence.md "Retention and purging"). After migrating: a
    // migration's schema change resets it.
    sqlite.pragma('secure_delete = ON');
    return db;
  } catch (err) {
    await connection.close();
    throw err;
  }
}

/**
 * Switches a new file to WAL. SQLite runs no busy handler when two connections switch the mode at the same
 * moment (two processes starting on a fresh DATA_DIR), so SQLITE_BUSY is retried like any lock wait.
 */
async function enableWal(connection: SqliteConnection): Promise<void> {
  const walOn = () => connection.sqlite.pragma('journal_mode = WAL');
  try {
    walOn();
  } catch (err) {
    if (!isBusy(err)) throw err;
    await untilFree(walOn, connection.busyTimeoutMs, undefined);
  }
}

/**
 * Applies drizzle-kit's committed migrations inside one IMMEDIATE transaction, so several processes
 * starting at once on the same file serialise instead of racing (drizzle's own migrator reads the
 * applied list outside its transaction). Uses drizzle's bookkeeping table, so drizzle-kit stays compatible.
 */
export async function migrate(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const sqlite = db.$client;
  const termsAdded = migrationTime(MIGRATIONS_DIR, SESSION_TERMS_MIGRATION.sqlite);
  await db.transaction(async () => {
    sqlite.exec(
      'CREATE TABLE IF NOT EXISTS __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)',
    );
    const last = sqlite
      .prepare('SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1')
      .get() as { created_at: number } | undefined;
    for (const m of migrations) {
      if (last && Number(last.created_at) >= m.folderMillis) continue;
      for (const statement of m.sql) if (statement.trim()) sqlite.exec(statement);
      if (m.folderMillis === termsAdded) backfillSessionTermsSqlite(sqlite);
      sqlite
        .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
        .run(m.hash, m.folderMillis);
    }
  });
}

/** Closes the connection (the process is shutting down; nothing may run on `db` after this). */
export async function closeDatabase(db: Db): Promise<void> {
  await db.$connection.close();
}
