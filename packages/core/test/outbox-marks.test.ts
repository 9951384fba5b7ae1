import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addToOutbox,
  createAccount,
  createWebhookEndpoint,
  getOutboxRow,
  queueEmail,
  type Runtime,
} from '@countersign/core';
import { startTestSmtpServer } from '@countersign/mail/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// A pass is over only once the rows it delivered or gave up are marked so: whoever reads the outbox right
// after it returns (a test, a send's answer, the next pass) sees delivered or failed, on a pooled server too.

const ROUNDS = 8;

const smtp = await startTestSmtpServer();
const hooks = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', () => resolve()));
afterAll(async () => {
  await smtp.close();
  await new Promise((resolve) => hooks.close(resolve));
});

async function runtimeOn(dialect: 'sqlite' | 'postgres'): Promise<Runtime> {
  const database = dialect === 'postgres' ? await postgresDatabase() : undefined;
  return await testRuntime(database, { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' });
}

describe.each(['sqlite', 'postgres'] as const)('an outbox pass on %s', (dialect) => {
  it('returns once its rows are marked delivered or failed', async () => {
    const r = await runtimeOn(dialect);
    const { accountId } = await createAccount(r.ctx, { name: 'Marks Ltd', email: 'ops@marks.test' });
    const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
    const { webhookId: endpointId } = await createWebhookEndpoint(r.ctx, accountId, { url });
    smtp.reject('refused@marks.test', 550);
    for (let round = 0; round < ROUNDS; round++) {
      const event = {
        id: `evt_marks${round}`,
        type: 'session.completed',
        createdAt: new Date(r.ctx.clock.now()).toISOString(),
        data: { sessionId: 'session-1', title: 'Contract', documents: [] },
      };
      const hook = await addToOutbox(r.ctx, { kind: 'webhook', accountId, payload: { endpointId, event } });
      const mail = { subject: `Round ${round}`, text: 'Hello.', html: '<p>Hello.</p>' };
      const sent = await queueEmail(r.ctx, null, { to: ['signer@marks.test'], ...mail });
      const refused = await queueEmail(r.ctx, null, { to: ['refused@marks.test'], ...mail });
      expect(await r.dispatchOutbox()).toMatchObject({ delivered: 2, failed: 1 });
      const [h, s, f] = await Promise.all([hook, sent, refused].map((id) => getOutboxRow(r.ctx, id)));
      expect({ hook: h?.deliveredAt, sent: s?.deliveredAt, refused: f?.failedAt }, `round ${round}`).toEqual({
        hook: expect.any(Number),
        sent: expect.any(Number),
        refused: expect.any(Number),
      });
    }
  });
});
