import { startRedis, until } from '@countersign/test-support';
import { afterAll, expect, it } from 'vitest';
import { jobRowOf, sendToOneSigner } from './completion-support.ts';
import { startTestApi } from './harness.ts';

// The last signature's transaction writes the outbox row that queues its completion job. With Redis down at that
// moment the signer still gets 200 (their signature stands), the row's delivery fails and backs off, and once
// Redis is back the retried row queues the job: the session completes without waiting for the sweep, which runs
// only once an hour here.

const redis = await startRedis();
const api = await startTestApi({ redisUrl: redis.url, env: { SWEEP_INTERVAL_MS: '3600000' } });
afterAll(async () => {
  await api.close();
  await redis.stop();
});

it('answers 200 to the last signature while the queue is down; the outbox queues completion once it is back', async () => {
  const session = await sendToOneSigner(api, 'Ann Outage', 2);
  const completionRow = () => jobRowOf(api, session.sessionId);
  const { status } = session;

  await redis.stop();
  const signed = await session.sign();
  expect(signed.status).toBe(200);
  expect(await signed.json()).toMatchObject({ signed: true, sessionCompleted: true });

  // Committed with the signature; the kick after the commit tried it and met the outage.
  await until(
    'the completion row to meet the outage',
    async () => (await completionRow())?.lastError != null,
  );
  const failed = (await completionRow())!;
  expect(failed.deliveredAt).toBeNull();
  expect(failed.failedAt).toBeNull();
  expect(failed.lastError).toMatch(/unreachable/);
  expect(await status()).toBe('active');

  await redis.start();
  await until('the session to complete', async () => (await status()) === 'completed', 60_000);
  const delivered = (await completionRow())!;
  expect(delivered.deliveredAt).not.toBeNull();
  expect(delivered.attempts).toBeGreaterThan(1);
  // A send, a signature and a completion through real Redis and the PDF pool: more than the default 30 s on a
  // loaded 2-core machine, and a retry cannot help once Redis is stopped.
}, 120_000);
