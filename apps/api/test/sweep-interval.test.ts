import { sessions } from '@countersign/db';
import { until } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { sendSession } from './purge-support.ts';

// SWEEP_INTERVAL_MS (docs/configuration.md): the worker hosted by the API sweeps that often. A purge whose job
// was lost (recorded straight in the database, as a crash would leave it) is finished by the next sweep:
// within a few seconds at 1 s, where the default 30 s would not have come round yet.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { SWEEP_INTERVAL_MS: '1000' } });
});
afterAll(() => api.close());

it('a worker sweeps at the configured interval', async () => {
  expect(api.config.sweepIntervalMs).toBe(1000);
  const { accountId, accessToken } = await api.newAccount('Sweep Ltd', 'ops@sweep.test');
  const sent = await sendSession({ ctx: api.runtime.ctx, post: api.post }, accessToken, accountId, {
    title: 'Swept',
    name: 'Sam Sweep',
    email: 'sam@sweep.test',
  });
  expect((await api.post('/api/sessions/cancel', { sessionId: sent.sessionId }, accessToken)).status).toBe(
    200,
  );
  const db = api.runtime.ctx.db;
  const thisSession = eq(sessions.id, sent.sessionId);
  await db
    .update(sessions)
    .set({ purgeRequestedAt: Date.now(), purgeReason: 'requested' })
    .where(thisSession);
  const purgedAt = async () =>
    (await db.select({ purgedAt: sessions.purgedAt }).from(sessions).where(thisSession))[0]!.purgedAt;
  const asked = Date.now();
  await until('the sweep finished the lost purge', async () => (await purgedAt()) !== null, 10_000);
  expect(Date.now() - asked).toBeLessThan(10_000);
});
