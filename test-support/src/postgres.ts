import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The machine's PostgreSQL server, where tests make databases of their own (`.ci/run` starts it when it is not
 * running). TEST_POSTGRES_URL points elsewhere: any role that may CREATE DATABASE.
 */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

const PREFIX = 'cs_test_';

/** Which database the suite's APIs run on: SQLite files (the default) or PostgreSQL (TEST_DIALECT=postgres). */
export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
/** A database left behind by a killed run is dropped by the next run once it is this old. */
const STALE_AFTER_SECONDS = 6 * 3600;

export interface TestDatabase {
  /** postgres:// URL of the new, empty database. */
  url: string;
  name: string;
  /** The settings that point a process at it: DATABASE_URL and the SECRETS_KEY it requires. */
  env: { DATABASE_URL: string; SECRETS_KEY: string };
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
  /**
   * An outage of this database alone (what a restart looks like to its clients): every open connection is
   * closed and new ones are refused until the returned function lets them in again.
   */
  refuseConnections(): Promise<() => Promise<void>>;
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database per caller, named with its creation time so a later run can clean up after a crash. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  await asAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // Per database, like a deployment's: processes sharing the database share it.
    env: { DATABASE_URL: url.toString(), SECRETS_KEY: randomBytes(32).toString('base64url') },
    drop: () => asAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
    async refuseConnections() {
      await asAdmin(async (c) => {
        await c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      });
      return () => asAdmin((c) => c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)).then(() => {});
    },
  };
}

/** Drops the test databases of runs that ended without dropping theirs (vitest global setup). */
export async function dropStaleTestDatabases(): Promise<string[]> {
  const cutoff = Date.now() / 1000 - STALE_AFTER_SECONDS;
  return asAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`,
    );
    const stale = rows
      .map((r) => r.datname)
      .filter((name) => Number(/^cs_test_(\d+)_/.exec(name)?.[1] ?? Number.POSITIVE_INFINITY) < cutoff);
    for (const name of stale) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return stale;
  });
}
