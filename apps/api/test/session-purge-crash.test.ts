import { loadConfig } from '@countersign/config';
import { createRuntime, type Runtime } from '@countersign/core';
import { outbox } from '@countersign/db';
import { createBullQueue } from '@countersign/queue';
import type { SessionDetail } from '@countersign/schemas';
import { exitOf, prepareDeployment, until } from '@countersign/test-support';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { startCrashTest } from './crash-support.ts';
import { blobHashes, sendSession, signAndComplete, storedBlobs } from './purge-support.ts';
import { bearer, startReceiver } from './webhooks-support.ts';

// A purge killed in the middle: an API (--no-worker) and a worker on one DATA_DIR and one Redis. The test
// holds SQLite's write lock while the worker runs the purge job, so the job deletes the blob files (step 1)
// and then waits for the lock to commit the rest (step 2); the worker is killed with SIGKILL right then. A new
// worker must finish the purge, and session.purged must be sent exactly once.

const receiver = await startReceiver();
const deployment = await prepareDeployment({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
// The test's own connection to the same SQLite file: setup, the write lock, inspection; and, like any host
// with a queue, it can deliver the purge's job row from the outbox into Redis.
const config = loadConfig(deployment.env);
const producer = createBullQueue({ redisUrl: deployment.redis!.url, prefix: config.queuePrefix });
const runtime = await createRuntime(config, { enqueue: producer.enqueue });
afterAll(async () => {
  await deployment.stop();
  await runtime.close();
  await producer.close();
  await receiver.close();
});

it('a worker killed between deleting the files and committing the purge: a new worker finishes it, session.purged once', async () => {
  const base = deployment.url;
  const { firstWorker, firstWorkerPid, accountId, token, post } = await startCrashTest(
    deployment,
    runtime.ctx,
    receiver,
    { name: 'Crash Purge Ltd', email: 'ops@crash.test' },
  );
  const who = { title: 'Crash purge contract', name: 'Cressida Crashwell', email: 'cressida@crash.test' };
  const sent = await sendSession({ ctx: runtime.ctx, post }, token, accountId, who);
  await signAndComplete(runtime.ctx, sent, who.name);
  const hashes = await blobHashes(runtime.ctx, sent.sessionId);
  expect(hashes).toHaveLength(3);
  const detail = async () =>
    (await (
      await fetch(`${base}/api/sessions/${sent.sessionId}`, { headers: bearer(token) })
    ).json()) as SessionDetail;

  // The worker cannot act while the purge is accepted and its job queued (the API's outbox row, delivered here
  // into Redis); then it runs into our write lock.
  process.kill(firstWorkerPid, 'SIGSTOP');
  const accepted = await fetch(`${base}/api/sessions/${sent.sessionId}`, {
    method: 'DELETE',
    headers: bearer(token),
  });
  expect(accepted.status).toBe(202);
  await until(
    'the purge job queued',
    async () => (await runtime.dispatchOutbox(), await queuedPurge(runtime, sent.sessionId)),
    10_000,
  );
  const sqlite = runtime.db.$client;
  sqlite.prepare('BEGIN IMMEDIATE').run();
  try {
    process.kill(firstWorkerPid, 'SIGCONT');
    await until(
      'step 1 deleted the blob files',
      async () => (await storedBlobs(runtime.ctx, hashes)).length === 0,
      20_000,
    );
    process.kill(firstWorkerPid, 'SIGKILL');
    await exitOf(firstWorker);
  } finally {
    sqlite.prepare('ROLLBACK').run();
  }

  // Half done: files gone, nothing committed; the session says the purge is pending and serves no document.
  expect((await detail()).purge).toMatchObject({ state: 'pending', purgedAt: null });
  expect(receiver.received.filter((r) => r.event.type === 'session.purged')).toHaveLength(0);

  // A new worker finishes it (the stalled job or its sweep, whichever comes first; both are safe).
  deployment.startWorker();
  await until('the purge finished', async () => (await detail()).purge?.state === 'purged', 180_000);
  const after = await detail();
  expect(after.title).toBe('Purged session');
  expect(after.participants[0]!.name).toBe('Signer 1');
  expect(after.purge!.documents).toHaveLength(1);
  await receiver.waitFor(
    (r) => r.event.type === 'session.purged' && r.event.data.sessionId === sent.sessionId,
    30_000,
  );
  const purgedRows = async () =>
    await runtime.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.accountId, accountId),
          ne(outbox.kind, 'job'),
          sql`json_extract(${outbox.payload}, '$.sessionId') = ${sent.sessionId}`,
        ),
      );
  await until('the event marked delivered', async () =>
    (await purgedRows()).every((r) => r.deliveredAt !== null),
  );
  // One committed purge wrote one event row; its delivery reached the receiver once.
  expect(await purgedRows()).toHaveLength(1);
  expect(
    await runtime.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.accountId, accountId), isNull(outbox.deliveredAt))),
  ).toEqual([]);
  expect(
    receiver.received.filter(
      (r) => r.event.type === 'session.purged' && r.event.data.sessionId === sent.sessionId,
    ),
  ).toHaveLength(1);

  // The API and the second worker shut down cleanly.
  await deployment.ready();
  expect(await deployment.terminateAll()).toEqual([0, 0]);
}, 600_000);

/** Whether the purge's job row has gone from the outbox into the queue. */
async function queuedPurge(runtime: Runtime, sessionId: string): Promise<boolean> {
  const rows = await runtime.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'job'),
        isNotNull(outbox.deliveredAt),
        sql`json_extract(${outbox.payload}, '$.job') = 'sessions.purge'`,
        sql`json_extract(${outbox.payload}, '$.sessionId') = ${sessionId}`,
      ),
    );
  return rows.length === 1;
}
