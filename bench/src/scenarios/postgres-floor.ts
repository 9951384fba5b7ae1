import { Hono } from 'hono';
import pg from 'pg';
import { loadBareApp } from './bare-app.ts';
import type { CannonResult } from './cannon.ts';

/** The API's pool size per process (PgConnection's default). */
const POOL_SIZE = 10;

/**
 * The least a repeated cancel can cost on PostgreSQL here: the two indexed reads it makes (is the token's
 * refresh token revoked? the session's status), each a round trip of a prepared statement, behind bare Hono and
 * node-pg with the API's pool size: no middleware, no validation, no domain code. Loaded like the cancel windows, on the same
 * account's sessions in the same database.
 */
export async function postgresFloor(databaseUrl: string, accountId: string): Promise<CannonResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  const { rows: tokens } = await pool.query<{ id: string }>(
    'select id from refresh_tokens where account_id = $1 limit 1',
    [accountId],
  );
  const { rows: sessions } = await pool.query<{ id: string }>(
    'select id from sessions where account_id = $1 limit 1000',
    [accountId],
  );
  const tokenId = tokens[0]!.id;
  const app = new Hono().post('/floor', async (c) => {
    const { sessionId } = await c.req.json<{ sessionId: string }>();
    const token = await pool.query({
      name: 'floor-token',
      text: 'select revoked_at from refresh_tokens where id = $1 and account_id = $2',
      values: [tokenId, accountId],
    });
    const session = await pool.query({
      name: 'floor-session',
      text: 'select status from sessions where id = $1 and account_id = $2',
      values: [sessionId, accountId],
    });
    return c.json({ revoked: token.rows[0]?.revoked_at ?? null, status: session.rows[0]?.status });
  });
  try {
    return await loadBareApp(
      app,
      sessions.map(({ id }) => ({
        method: 'POST' as const,
        path: '/floor',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: id }),
      })),
    );
  } finally {
    await pool.end();
  }
}
