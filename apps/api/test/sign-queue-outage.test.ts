import { localDrive, setAllowance, sweep } from '@countersign/core';
import { startRedis } from '@countersign/test-support';
import { afterAll, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { startTestApi } from './harness.ts';

// The last signature is committed before its completion job is queued. With Redis down at that moment the
// signer still gets 200 (their signature stands), and a worker's sweep completes the session later.

const redis = await startRedis();
const api = await startTestApi({ redisUrl: redis.url });
afterAll(async () => {
  await api.close();
  await redis.stop();
});

it('answers 200 to the last signature while the queue is down; the sweep completes the session', async () => {
  const { accountId, accessToken } = await api.newAccount('Outage');
  await setAllowance(api.runtime.ctx, accountId, 1e6, 86_400_000);
  const { cloudFileId } = await (await localDrive(api.runtime.ctx, accountId)).put(
    'nda.pdf',
    await makePdf(2),
  );
  const sent = await api.post(
    '/api/sessions/send',
    {
      cloudFileIds: [cloudFileId],
      authRequirement: 'public',
      signingRequests: [{ recipients: [{ name: 'Ann Outage', email: 'ann@example.test' }] }],
    },
    accessToken,
  );
  expect(sent.status).toBe(200);
  const row = (
    (await sent.json()) as { rows: { sessionId: string; participants: { signingUrl: string }[] }[] }
  ).rows[0]!;
  const token = row.participants[0]!.signingUrl.split('/s/')[1]!;

  await redis.stop();
  const signed = await api.fetch(`/api/signing/${token}/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ values: [], signature: { kind: 'typed', value: 'Ann Outage' } }),
  });
  expect(signed.status).toBe(200);
  expect(await signed.json()).toMatchObject({ signed: true, sessionCompleted: true });

  // What a worker's sweep timer does, Redis or not.
  expect((await sweep(api.runtime.ctx)).completed).toBe(1);
  const detail = await api.fetch(`/api/sessions/${row.sessionId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(((await detail.json()) as { status: string }).status).toBe('completed');
});
