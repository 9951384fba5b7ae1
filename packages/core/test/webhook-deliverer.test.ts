import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadConfig } from '@countersign/config';
import {
  addToOutbox,
  createAccount,
  createRuntime,
  createWebhookEndpoint,
  dispatchOutbox,
  GIVE_UP_AFTER_MS,
  getOutboxRow,
  getWebhookEndpoint,
  listWebhookDeliveries,
  ManualClock,
  type Runtime,
  type ServiceContext,
  webhookDeliverer,
} from '@countersign/core';
import { tempDir } from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The webhook deliverer against real HTTP receivers and a real SQLite file, driven pass by pass.

let runtime: Runtime;
let clock: ManualClock;
let ctx: ServiceContext;

/** A loopback receiver: 'hang' never answers; otherwise the status given for each request. */
async function receiver(answer: (eventId: string) => number | 'hang') {
  const requests: { eventId: string }[] = [];
  const open = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const eventId = String(req.headers['webhook-id']);
    requests.push({ eventId });
    req.resume();
    req.on('end', () => {
      const a = answer(eventId);
      if (a === 'hang') open.add(res);
      else res.writeHead(a).end();
    });
  });
  server.on('connection', (s: Socket) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let events = 0;
/** Queues one event for an endpoint the way emitSessionEvent does. */
async function queueEvent(
  accountId: string,
  endpointId: string,
): Promise<{ outboxId: string; eventId: string }> {
  const eventId = `evt_test${++events}`;
  const event = {
    id: eventId,
    type: 'session.completed',
    createdAt: new Date(clock.now()).toISOString(),
    data: { sessionId: 'session-1', title: 'Contract', documents: [] },
  };
  return {
    outboxId: await addToOutbox(ctx, { kind: 'webhook', accountId, payload: { endpointId, event } }),
    eventId,
  };
}

async function newEndpoint(url: string) {
  const { accountId } = await createAccount(ctx, { name: 'Hooks Ltd', email: 'ops@hooks.test' });
  const { webhookId } = await createWebhookEndpoint(ctx, accountId, { url });
  return { accountId, webhookId };
}

beforeAll(async () => {
  clock = new ManualClock();
  runtime = await createRuntime(
    loadConfig({ DATA_DIR: tempDir('countersign-webhooks-'), WEBHOOK_ALLOW_PRIVATE: '1' }),
    { clock },
  );
  ctx = runtime.ctx;
});
afterAll(() => runtime.close());

describe('webhookDeliverer', () => {
  it('counts a receiver that never answers as a failed attempt and retries it later', async () => {
    const hook = await receiver(() => 'hang');
    try {
      const { accountId, webhookId } = await newEndpoint(hook.url);
      const { outboxId } = await queueEvent(accountId, webhookId);
      const started = performance.now();
      const result = await dispatchOutbox(ctx, { webhook: webhookDeliverer(ctx, { timeoutMs: 300 }) });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(result).toEqual({ delivered: 0, retried: 1, failed: 0 });
      expect(hook.requests).toHaveLength(1);
      const [attempt] = (await listWebhookDeliveries(ctx, accountId, webhookId, { limit: 10 })).deliveries;
      expect(attempt).toMatchObject({
        outcome: 'failed',
        httpStatus: null,
        error: 'no complete response within 300 ms',
      });
      expect(attempt!.durationMs).toBeGreaterThanOrEqual(250);
      const row = (await getOutboxRow(ctx, outboxId))!;
      expect(row.deliveredAt).toBeNull();
      expect(row.availableAt).toBeGreaterThan(clock.now());
      expect((await getWebhookEndpoint(ctx, accountId, webhookId)).failingSince).not.toBeNull();
    } finally {
      await hook.close();
    }
  });

  it('checks the target again at connect time: a loopback target registered earlier is refused', async () => {
    const hook = await receiver(() => 204);
    try {
      const { accountId, webhookId } = await newEndpoint(hook.url);
      const { outboxId } = await queueEvent(accountId, webhookId);
      // The same database and clock, with WEBHOOK_ALLOW_PRIVATE off.
      const strict: ServiceContext = { ...ctx, config: { ...ctx.config, webhookAllowPrivate: false } };
      const result = await dispatchOutbox(strict, { webhook: webhookDeliverer(strict) });
      expect(result).toEqual({ delivered: 0, retried: 0, failed: 1 });
      expect(hook.requests).toHaveLength(0);
      expect((await getOutboxRow(ctx, outboxId))!.lastError).toMatch(/loopback/);
      const [attempt] = (await listWebhookDeliveries(ctx, accountId, webhookId, { limit: 10 })).deliveries;
      expect(attempt).toMatchObject({
        outcome: 'failed',
        httpStatus: null,
        error: expect.stringMatching(/loopback/),
      });
    } finally {
      await hook.close();
    }
  });

  it('gives a delivery up at its first failure 3 days after it was queued, even while others succeed', async () => {
    let poison = '';
    const hook = await receiver((eventId) => (eventId === poison ? 500 : 204));
    try {
      const { accountId, webhookId } = await newEndpoint(hook.url);
      const deliverers = { webhook: webhookDeliverer(ctx) };
      const queued = clock.now();
      const { outboxId, eventId } = await queueEvent(accountId, webhookId);
      poison = eventId;
      for (let i = 0; i < 40 && (await getOutboxRow(ctx, outboxId))!.failedAt === null; i++) {
        // Another event succeeds before each retry, so the endpoint's failing streak never reaches 3 days.
        await queueEvent(accountId, webhookId);
        await dispatchOutbox(ctx, deliverers);
        clock.set(Math.max(clock.now(), (await getOutboxRow(ctx, outboxId))!.availableAt));
        await dispatchOutbox(ctx, deliverers);
      }
      const row = (await getOutboxRow(ctx, outboxId))!;
      expect(row.failedAt).not.toBeNull();
      expect(row.failedAt! - queued).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
      expect(row.lastError).toBe('given up after 3 days of retries; last error: HTTP 500');
      expect((await getWebhookEndpoint(ctx, accountId, webhookId)).status).toBe('enabled');
      expect(hook.requests.filter((r) => r.eventId === poison).length).toBe(row.attempts);
    } finally {
      await hook.close();
    }
  });
});
