import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import {
  backfillSessionTermsPostgres,
  migrationTime,
  SESSION_TERMS_MIGRATION,
} from '../session-terms-backfill.ts';
import type { PgConnection } from './connection.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations-postgres', import.meta.url));

/** Any fixed number: every process of every host takes the same lock before it looks at the migrations. */
const MIGRATION_LOCK = 0x0c5_0001;

/**
 * Applies drizzle-kit's committed PostgreSQL migrations in one transaction holding an advisory lock, so
 * processes starting at once on several hosts take turns: the first applies, the others find nothing left
 * to do. Bookkeeping is drizzle's own table (drizzle.__drizzle_migrations), so drizzle-kit stays compatible.
 */
export async function migratePostgres(connection: PgConnection): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const termsAdded = migrationTime(MIGRATIONS_DIR, SESSION_TERMS_MIGRATION.postgres);
  const client = await connection.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const last = rows[0] ? Number(rows[0].created_at) : undefined;
    for (const m of migrations) {
      if (last !== undefined && last >= m.folderMillis) continue;
      for (const statement of m.sql) if (statement.trim()) await client.query(statement);
      if (m.folderMillis === termsAdded) await backfillSessionTermsPostgres(client);
      await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        m.hash,
        m.folderMillis,
      ]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
