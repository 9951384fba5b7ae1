import { loadConfig } from '@countersign/config';
import { createRuntime, getOutboxRow, localDrive, messageIdFor, type Runtime } from '@countersign/core';
import { outbox } from '@countersign/db';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { type Deployment, exitOf, prepareDeployment, until } from '@countersign/test-support';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';
import { startCrashTest } from './crash-support.ts';
import { makeTestPdf, type Receiver, startReceiver } from './webhooks-support.ts';

// The scaled topology as separate processes: an API (--no-worker) and a worker on one DATA_DIR and one
// Redis. The worker is frozen (SIGSTOP) before the state change, so the change commits while it cannot
// act, then killed with SIGKILL: the kill falls after the commit and before any delivery, every time.
// A new worker must then deliver the webhook and the email from the outbox, each exactly once.

let deployment: Deployment;
let smtp: TestSmtpServer;
let receiver: Receiver;
let runtime: Runtime;

beforeAll(async () => {
  [smtp, receiver] = await Promise.all([startTestSmtpServer(), startReceiver()]);
  deployment = await prepareDeployment({ env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' } });
  // The test's own connection to the same SQLite file: setup and inspection only, it never dispatches.
  runtime = await createRuntime(loadConfig(deployment.env));
});

afterAll(async () => {
  await deployment?.stop();
  await runtime?.close();
  await Promise.all([smtp?.close(), receiver?.close()]);
});

it('a worker killed between the state change and the delivery: the webhook and the email arrive exactly once', async () => {
  const { firstWorker, firstWorkerPid, accountId, token, post } = await startCrashTest(
    deployment,
    runtime.ctx,
    receiver,
    { name: 'Crash Test Ltd', email: 'ops@crash.test' },
    checkedFetch,
  );
  const { cloudFileId } = await (await localDrive(runtime.ctx, accountId)).put(
    'Contract.pdf',
    await makeTestPdf(),
  );

  // A session sent with emails on; its invite proves the worker delivers mail.
  const sent = await post(
    '/api/sessions/send',
    {
      cloudFileIds: [cloudFileId],
      title: 'Crash-safe contract',
      signingRequests: [{ recipients: [{ name: 'Ann Lee', email: 'ann@crash.test' }] }],
      notify: true,
    },
    token,
  );
  expect(sent.status).toBe(200);
  const sessionId = ((await sent.json()) as { rows: { sessionId: string }[] }).rows[0]!.sessionId;
  await smtp.waitFor((m) => m.subject?.includes('Crash-safe contract') === true, 20_000);
  const pending = async () =>
    await runtime.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.accountId, accountId), isNull(outbox.deliveredAt)));
  await until('the invite marked delivered', async () => (await pending()).length === 0);

  // Freeze the worker, then change the state: the cancellation, its webhook and its email commit together.
  process.kill(firstWorkerPid, 'SIGSTOP');
  const cancelled = await post(
    '/api/sessions/cancel',
    { sessionId, reason: 'Signed on paper instead' },
    token,
  );
  expect(cancelled.status).toBe(200);
  const queued = await pending();
  expect(queued.map((r) => r.kind).sort()).toEqual(['email', 'webhook']);
  expect(queued.every((r) => r.attempts === 0)).toBe(true);

  process.kill(firstWorkerPid, 'SIGKILL');
  await exitOf(firstWorker);
  const webhookRow = queued.find((r) => r.kind === 'webhook')!;
  const emailRow = queued.find((r) => r.kind === 'email')!;
  // Payloads are sealed at rest: read the event through the outbox, which opens it.
  const eventId = ((await getOutboxRow(runtime.ctx, webhookRow.id))!.payload as { event: { id: string } })
    .event.id;
  const messageId = messageIdFor(runtime.ctx, emailRow.id);
  expect(receiver.received).toHaveLength(0);
  expect(smtp.messages.filter((m) => m.messageId === messageId)).toHaveLength(0);

  // A new worker picks the committed side effects up from the outbox.
  deployment.startWorker();
  await deployment.ready();
  const hook = await receiver.waitFor((r) => r.headers['webhook-id'] === eventId, 30_000);
  expect(hook.event).toMatchObject({
    type: 'session.cancelled',
    data: { sessionId, reason: 'Signed on paper instead' },
  });
  const mail = await smtp.waitFor((m) => m.messageId === messageId, 30_000);
  expect(mail.text).toContain('Signed on paper instead');
  await until('both outbox rows delivered', async () => (await pending()).length === 0);
  // Each delivery is a claim that counts an attempt, and a delivered row is never claimed again: one attempt
  // each (the frozen worker made none) means each went out once.
  for (const row of [webhookRow, emailRow])
    expect(await getOutboxRow(runtime.ctx, row.id)).toMatchObject({
      attempts: 1,
      deliveredAt: expect.any(Number),
    });
  expect(receiver.received.filter((r) => r.headers['webhook-id'] === eventId)).toHaveLength(1);
  expect(smtp.messages.filter((m) => m.messageId === messageId)).toHaveLength(1);

  // Both (the API and the second worker) shut down cleanly.
  expect(await deployment.terminateAll()).toEqual([0, 0]);
}, 600_000);
