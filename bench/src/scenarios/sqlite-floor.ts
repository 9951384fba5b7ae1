import Database from 'better-sqlite3';
import type { CannonResult } from './cannon.ts';
import { loadReadsFloor } from './reads-floor.ts';

/**
 * The least a repeated cancel can cost on SQLite here: its two indexed reads as compiled better-sqlite3
 * statements on a connection of their own to the API's database file, on the same account's sessions.
 */
export async function sqliteFloor(file: string, accountId: string): Promise<CannonResult> {
  const db = new Database(file, { readonly: true });
  try {
    const tokenId = (
      db.prepare('select id from refresh_tokens where account_id = ? limit 1').get(accountId) as {
        id: string;
      }
    ).id;
    const sessions = db.prepare('select id from sessions where account_id = ? limit 1000').all(accountId) as {
      id: string;
    }[];
    const token = db.prepare('select revoked_at from refresh_tokens where id = ? and account_id = ?');
    const status = db.prepare('select status from sessions where id = ? and account_id = ?');
    return await loadReadsFloor(
      sessions.map((s) => s.id),
      async (sessionId) => {
        const t = token.get(tokenId, accountId) as { revoked_at: number | null } | undefined;
        const s = status.get(sessionId, accountId) as { status: string } | undefined;
        return { revoked: t?.revoked_at ?? null, status: s?.status };
      },
    );
  } finally {
    db.close();
  }
}
