import pg from 'pg';
import type { CannonResult } from './cannon.ts';
import { loadReadsFloor } from './reads-floor.ts';

/** The API's pool size per process (PgConnection's default). */
const POOL_SIZE = 10;

/**
 * The least a repeated cancel can cost on PostgreSQL here: its two indexed reads, each a round trip of a prepared
 * statement, through node-pg with the API's pool size, on the same account's sessions in the same database.
 */
export async function postgresFloor(databaseUrl: string, accountId: string): Promise<CannonResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  try {
    const { rows: tokens } = await pool.query<{ id: string }>(
      'select id from refresh_tokens where account_id = $1 limit 1',
      [accountId],
    );
    const { rows: sessions } = await pool.query<{ id: string }>(
      'select id from sessions where account_id = $1 limit 1000',
      [accountId],
    );
    const tokenId = tokens[0]!.id;
    return await loadReadsFloor(
      sessions.map((s) => s.id),
      async (sessionId) => {
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
        return { revoked: token.rows[0]?.revoked_at ?? null, status: session.rows[0]?.status };
      },
    );
  } finally {
    await pool.end();
  }
}
