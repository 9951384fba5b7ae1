import { randomUUID } from 'node:crypto';
import { localDrive } from '@countersign/core';
import { sessions } from '@countersign/db';
import type { SessionsSendResponse } from '@countersign/schemas';
import { started, until } from '@countersign/test-support';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { finishedByKey, kill9 } from './fault-support.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { startHosts } from './hosts-support.ts';

// A worker host killed in the middle of a send on PostgreSQL: the API and one worker as separate hosts (own
// DATA_DIRs), the worker SIGKILLed between two commits of a 2,000-entry own-PDF send. A worker started on a
// new host takes the stalled job over once its lock lapses and finishes it exactly once: one session per
// entry, those committed before the kill kept, the caller's retry with its key answered.

const ENTRIES = 2_000;
const { d, operator, accountId, token, post } = await startHosts({
  workers: 1,
  env: { SEND_TIMEOUT_MS: '4000' },
});
const drive = await localDrive(operator.ctx, accountId);
const { cloudFileId } = await drive.put('c.pdf', await makePdf(1, 'kill'));

const committed = async () =>
  await operator.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.accountId, accountId));

it('kill -9 of a worker host between two commits of a 2,000-entry send: a worker on another host finishes it once', async () => {
  const key = `kill-9-hosts-${randomUUID()}`;
  const send = () =>
    post(
      '/api/sessions/send',
      {
        cloudFileIds: [cloudFileId],
        notify: false,
        signingRequests: Array.from({ length: ENTRIES }, (_, i) => ({
          recipients: [{ name: `Signer ${i}`, email: `signer-${i}@kill.test` }],
        })),
      },
      token,
      { 'idempotency-key': key },
    );
  const first = send();
  await until('the first entries to be committed', async () => (await committed()).length > 0, 60_000, 1);
  // A lock that lets reads through but no insert freezes the send between two commits; the worker dies there.
  const before = await operator.ctx.db.transaction(async () => {
    await operator.ctx.db.run(sql`LOCK TABLE sessions IN EXCLUSIVE MODE`);
    const rows = await committed();
    await kill9(d.workers[0]!);
    return rows;
  });
  const killedAt = Date.now();
  expect(before.length).toBeGreaterThan(0);
  expect(before.length).toBeLessThan(ENTRIES);
  expect(before.length % 50).toBe(0);

  await started(d.startWorker(), 'countersign worker started', 150_000);
  const body = JSON.parse(await finishedByKey(first, send, killedAt)) as SessionsSendResponse;
  expect(body.rows.map((r) => [r.row, r.status])).toEqual(
    Array.from({ length: ENTRIES }, (_, i) => [i, 'sent']),
  );
  const sessionIds = body.rows.map((r) => r.sessionId);
  expect(sessionIds).toEqual(expect.arrayContaining(before.map((r) => r.id)));
  const [made] = await operator.ctx.db
    .select({
      rows: count(),
      entries: countDistinct(sessions.rowIndex),
      jobs: countDistinct(sessions.sendJobId),
    })
    .from(sessions)
    .where(eq(sessions.accountId, accountId));
  expect(made).toEqual({ rows: ENTRIES, entries: ENTRIES, jobs: 1 });
  expect(new Set((await committed()).map((r) => r.id))).toEqual(new Set(sessionIds));
  expect(d.hostDirs).toHaveLength(3); // the API, the killed worker, the one that finished
}, 200_000);
