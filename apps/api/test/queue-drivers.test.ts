import { getOutboxRow, queueEmail } from '@countersign/core';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { outboxDispatchJob } from '@countersign/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { queueTopologies } from './queue-topologies.ts';

// The same assertions against both topologies: the embedded in-process queue and BullMQ on a real Redis.

const topologies = queueTopologies();
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(topologies)('%s driver', (driver, options) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ ...options(), env: { SMTP_URL: smtp.url } });
    // The BullMQ producer connects in the background; the readiness probe says when it has.
    await until(async () => (await api.fetch('/readyz')).status === 200, 10_000);
  });
  afterAll(() => api?.close());

  it('uses the expected queue driver and reports ready', async () => {
    expect(api.queue.driver).toBe(driver);
    const res = await api.fetch('/readyz');
    expect(res.status).toBe(200);
    const { checks } = (await res.json()) as { checks: Record<string, string> };
    expect(checks).toEqual(driver === 'bullmq' ? { database: 'ok', redis: 'ok' } : { database: 'ok' });
  });

  it('exchanges a refresh token and authenticates the access token on /api/*', async () => {
    const { refreshToken, accessToken } = await api.newAccount();
    const again = await api.post('/connect/token', { refresh_token: refreshToken });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { token_type: string }).token_type).toBe('Bearer');

    const authed = await api.fetch('/api/sessions', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(authed.status).not.toBe(401);
    const anonymous = await api.fetch('/api/sessions');
    expect(anonymous.status).toBe(401);

    const unknown = await api.post('/connect/token', { refresh_token: 'csrt_unknown' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('delivers an outbox email through the outbox.dispatch job', async () => {
    const { accountId } = await api.newAccount();
    const subject = `via ${driver} ${Date.now()}`;
    const id = await queueEmail(api.runtime.ctx, accountId, {
      to: ['signer@example.test'],
      subject,
      text: 'Please sign',
      html: '<p>Please sign</p>',
    });
    // The same job definition and handler, through this topology's queue.
    const result = await api.queue.run(outboxDispatchJob, {}, { timeoutMs: 10_000 });
    expect(result).toMatchObject({ retried: 0, failed: 0 });

    const got = await smtp.waitFor((m) => m.subject === subject, 10_000);
    expect(got.messageId).toBe(`<${id}@${new URL(api.config.publicUrl).hostname}>`);
    // The commit's own kick may be the pass that sent it (the job then found nothing due): that pass marks the row
    // delivered once the mail server has answered, a moment after the message arrived here.
    await expect
      .poll(async () => (await getOutboxRow(api.runtime.ctx, id))?.deliveredAt ?? null, { timeout: 10_000 })
      .not.toBeNull();
    expect(await getOutboxRow(api.runtime.ctx, id)).toMatchObject({ attempts: 1 });
    expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('rejects an invalid job payload the same way', async () => {
    await expect(
      api.queue.run(outboxDispatchJob, { unexpected: true }, { timeoutMs: 10_000 }),
    ).rejects.toMatchObject({ code: 'job_failed' });
  });
});
