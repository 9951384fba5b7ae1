import type { Db } from './database.ts';

/**
 * After a purge: old page versions still in SQLite's write-ahead log would hold what was just deleted, so fold
 * the log into the file and truncate it. Best effort: a reader in another process makes it wait for the next
 * checkpoint. (A PostgreSQL implementation has no such log to scrub: its own VACUUM reclaims dead rows.)
 */
export async function forgetDeletedPages(db: Db): Promise<void> {
  if (db.$connection.dialect !== 'sqlite') return;
  await db.$connection.query('PRAGMA wal_checkpoint(TRUNCATE)', [], 'all');
}

/** Whether the database answers (the health check). */
export async function ping(db: Db): Promise<void> {
  await db.$connection.query('SELECT 1', [], 'get');
}
