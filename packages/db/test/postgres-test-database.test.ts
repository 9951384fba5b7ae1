import { createTestDatabase } from '@countersign/test-support';
import pg from 'pg';
import { expect, it } from 'vitest';

// The harness the PostgreSQL topology's tests stand on: every caller gets its own empty database on the
// machine's server, and dropping it removes it even while a connection is still open.
it('makes an empty database of its own and drops it', async () => {
  const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  expect(a.name).not.toBe(b.name);
  const client = new pg.Client({ connectionString: a.url });
  await client.connect();
  // Dropping the database ends this connection from the server's side (57P01, admin_shutdown).
  const ended = new Promise<string | undefined>((resolve) =>
    client.on('error', (err) => resolve((err as { code?: string }).code)),
  );
  const { rows } = await client.query<{ db: string; tables: string }>(
    "SELECT current_database() AS db, (SELECT count(*) FROM pg_tables WHERE schemaname = 'public') AS tables",
  );
  expect(rows[0]).toEqual({ db: a.name, tables: '0' });
  await client.query('CREATE TABLE t (id int primary key)');

  await a.drop(); // with the client still connected
  await b.drop();
  expect(await ended).toBe('57P01');
  const admin = new pg.Client({ connectionString: a.url.replace(a.name, 'postgres') });
  await admin.connect();
  const left = await admin.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [
    [a.name, b.name],
  ]);
  await admin.end();
  expect(left.rows).toEqual([]);
});
