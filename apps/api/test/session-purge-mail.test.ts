import fs from 'node:fs';
import path from 'node:path';
import { devMailbox } from '@countersign/core';
import { devMail } from '@countersign/db';
import type { SessionDetail } from '@countersign/schemas';
import { createTestDatabase, until } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { type PurgeTarget, sendSession } from './purge-support.ts';

// A purge deletes the session's emails from the dev mailbox, whichever this deployment's is: files under
// DATA_DIR/mailbox on SQLite, rows of `dev_mail` on PostgreSQL. Another session's emails stay.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function world(dialect: 'sqlite' | 'postgres') {
  const database = dialect === 'postgres' ? await createTestDatabase() : undefined;
  if (database) cleanups.push(() => database.drop());
  // An empty DATABASE_URL is unset: SQLite whatever TEST_DIALECT says.
  const w = await startApiWorld({
    clock: false,
    account: { name: 'Mailbox Ltd', email: 'ops@mailbox-purge.test' },
    env: database?.env ?? { DATABASE_URL: '' },
  });
  cleanups.push(() => w.close());
  return w;
}

describe.each(['sqlite', 'postgres'] as const)('a purge on %s', (dialect) => {
  it('deletes the session’s emails from the dev mailbox and keeps the others', async () => {
    const { api, accessToken, accountId } = await world(dialect);
    const target: PurgeTarget = { ctx: api.runtime.ctx, post: api.post };
    const mailbox = devMailbox(api.runtime.ctx);
    const purged = await sendSession(target, accessToken, accountId, {
      title: 'Lease for Ottoline Vandermeer',
      name: 'Ottoline Vandermeer',
      email: 'ottoline@mailbox-purge.test',
    });
    await sendSession(target, accessToken, accountId, {
      title: 'Lease kept',
      name: 'Kept Signer',
      email: 'kept@mailbox-purge.test',
    });
    const cancelled = await api.post('/api/sessions/cancel', { sessionId: purged.sessionId }, accessToken);
    expect(cancelled.status).toBe(200);
    // The invite and the cancellation to Ottoline, the invite to the other signer.
    const subjectsTo = async (to: string) => (await mailbox.list({ to })).map((m) => m.subject);
    await until(
      'both emails to the purged session’s signer are in the mailbox',
      async () => (await subjectsTo('ottoline@mailbox-purge.test')).length === 2,
    );
    await until(
      'the other invite is in the mailbox',
      async () => (await subjectsTo('kept@mailbox-purge.test')).length === 1,
    );

    const auth = { authorization: `Bearer ${accessToken}` };
    const purge = await api.fetch(`/api/sessions/${purged.sessionId}`, { method: 'DELETE', headers: auth });
    expect(purge.status).toBe(202);
    await until('purged', async () => {
      const detail = (await (
        await api.fetch(`/api/sessions/${purged.sessionId}`, { headers: auth })
      ).json()) as SessionDetail;
      return detail.purge?.state === 'purged';
    });

    expect(await subjectsTo('ottoline@mailbox-purge.test')).toEqual([]);
    const left = await mailbox.list();
    expect(left.map((m) => m.subject)).toEqual([expect.stringContaining('Lease kept')]);
    expect(JSON.stringify(left)).not.toContain('Ottoline');
    // Where the mailbox is: the table on PostgreSQL (no files on the host), the files on SQLite.
    const rows = await api.runtime.db.$count(devMail);
    const files = fs.existsSync(path.join(api.config.dataDir, 'mailbox'))
      ? fs.readdirSync(path.join(api.config.dataDir, 'mailbox')).length
      : 0;
    expect({ rows, files }).toEqual(dialect === 'postgres' ? { rows: 1, files: 0 } : { rows: 0, files: 2 });
  }, 120_000);
});
