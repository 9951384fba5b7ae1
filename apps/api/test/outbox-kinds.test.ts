import net from 'node:net';
import { createWebhookEndpoint, localDrive, queueEmail, setAllowance } from '@countersign/core';
import { until } from '@countersign/test-support';
import { afterAll, expect, it } from 'vitest';
import { jobRowOf, sendToOneSigner } from './completion-support.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { startTestApi } from './harness.ts';
import { sendOneEntry } from './send-support.ts';
import { startReceiver } from './webhooks-support.ts';

// A mail server that accepts connections and never greets holds each email delivery until its timeout. The
// outbox passes each kind on its own, so webhooks go out meanwhile, and so does the last signature's completion
// job (a `job` row).

const sockets = new Set<net.Socket>();
let closedConnections = 0;
let connected: () => void;
const firstConnection = new Promise<void>((resolve) => (connected = resolve));
const silent = net.createServer((s) => {
  sockets.add(s);
  s.on('error', () => {});
  s.on('close', () => closedConnections++);
  connected();
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
const receiver = await startReceiver();
const api = await startTestApi({
  env: {
    SMTP_URL: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  silent.close();
  await api.close();
  await receiver.close();
});

it('delivers a webhook while every email is stuck on a mail server that never answers', async () => {
  const ctx = api.runtime.ctx;
  const { accountId, accessToken } = await api.newAccount('Stuck mail');
  await setAllowance(ctx, accountId, 1e6, 86_400_000);
  await createWebhookEndpoint(ctx, accountId, { url: receiver.url });
  const { cloudFileId } = await (await localDrive(ctx, accountId)).put('nda.pdf', await makePdf(1));
  const { sessionId } = await sendOneEntry(api, accessToken, {
    cloudFileIds: [cloudFileId],
    authRequirement: 'public',
    signingRequests: [{ recipients: [{ name: 'Ann', email: 'ann@example.test' }] }],
  });
  await ctx.db.transaction(async () => {
    for (let i = 0; i < 120; i++)
      await queueEmail(ctx, accountId, {
        to: [`p${i}@example.test`],
        subject: 'Hi',
        text: 'x',
        html: '<p>x</p>',
      });
  });
  ctx.outbox.kick();
  await firstConnection; // the email pass is now waiting on the silent server

  const cancelled = await api.post('/api/sessions/cancel', { sessionId, reason: 'Wrong file' }, accessToken);
  expect(cancelled.status).toBe(200);
  await receiver.waitFor((r) => r.event.type === 'session.cancelled', 10_000);
  // Delivered while the email pass still waits: no connection to the silent server has given up yet.
  expect(closedConnections).toBe(0);
  expect(sockets.size).toBeGreaterThan(0);
});

it('queues the completion of a fully signed session while every email is stuck', async () => {
  const session = await sendToOneSigner(api, 'Bea');
  expect((await session.sign()).status).toBe(200);

  // The email pass needs minutes (120 emails, 3 connections, 10 s greeting timeout each): queued within 10 s
  // means the job row did not wait behind it.
  await until(
    'the completion job queued',
    async () => (await jobRowOf(api, session.sessionId))?.deliveredAt != null,
    10_000,
  );
  await until('the session completed', async () => (await session.status()) === 'completed', 60_000);
}, 90_000);
