import { webhookEndpoints } from '@countersign/db';
import { webhookEventTypes } from '@countersign/schemas';
import { verifyWebhook } from '@countersign/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Account, startApiWorld } from './api-world.ts';
import { WebClient } from './web-support.ts';
import { bearerCaller, startReceiver } from './webhooks-support.ts';

// PATCH /api/webhooks/{id}, POST /api/webhooks/{id}/test and the request bodies in the deliveries log, with the
// background worker delivering through the real outbox to a real receiver on loopback.

const world = await startApiWorld({ clock: false, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
const { api } = world;
const receiver = await startReceiver();
const alice: Account = await api.newAccount('Alice Integrations', 'alice@manage.test');
const mallory: Account = await api.newAccount('Mallory Integrations', 'mallory@manage.test');
afterAll(async () => {
  await world.close();
  await receiver.close();
});

const call = (method: string, path: string, token: string, body?: unknown) =>
  bearerCaller(api)(method, path, token, body);

async function register(account: Account, events?: string[]) {
  const res = await call('POST', '/api/webhooks', account.accessToken, {
    url: receiver.url,
    ...(events ? { events } : {}),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { webhookId: string; secret: string };
}

const stored = async (webhookId: string) =>
  (
    await api.runtime.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, webhookId))
      .limit(1)
  )[0]!;

interface Delivery {
  deliveryId: string;
  eventId: string;
  eventType: string;
  outcome: string;
  httpStatus: number | null;
  error: string | null;
  requestBody: string | null;
}

async function deliveriesOf(token: string, webhookId: string): Promise<Delivery[]> {
  const res = await call('GET', `/api/webhooks/${webhookId}/deliveries`, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { deliveries: Delivery[] }).deliveries;
}

describe('PATCH /api/webhooks/{webhookId}', () => {
  it('replaces the event types, and null goes back to every type', async () => {
    const { webhookId } = await register(alice, ['session.completed']);
    const res = await call('PATCH', `/api/webhooks/${webhookId}`, alice.accessToken, {
      events: ['session.declined', 'session.signed', 'session.signed'],
    });
    expect(res.status).toBe(200);
    // Canonical order, duplicates dropped; the secret never appears.
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      webhookId,
      events: ['session.signed', 'session.declined'],
      status: 'enabled',
    });
    expect(body).not.toHaveProperty('secret');
    expect((await stored(webhookId)).events).toEqual(['session.signed', 'session.declined']);

    const all = await call('PATCH', `/api/webhooks/${webhookId}`, alice.accessToken, { events: null });
    expect(((await all.json()) as { events: string[] }).events).toEqual([...webhookEventTypes]);
    expect((await stored(webhookId)).events).toBeNull();
  });

  it('turns an endpoint off and on; off, nothing is queued for it and a test event is refused', async () => {
    const { webhookId } = await register(alice);
    const off = await call('PATCH', `/api/webhooks/${webhookId}`, alice.accessToken, { enabled: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({
      status: 'disabled',
      disabledReason: 'turned off by the account',
    });

    const refused = await call('POST', `/api/webhooks/${webhookId}/test`, alice.accessToken);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'webhook_disabled' });
    expect(await deliveriesOf(alice.accessToken, webhookId)).toEqual([]);

    const on = await call('PATCH', `/api/webhooks/${webhookId}`, alice.accessToken, { enabled: true });
    expect(await on.json()).toMatchObject({ status: 'enabled', disabledReason: null, failingSince: null });
    expect((await stored(webhookId)).disabledAt).toBeNull();
  });

  it('refuses bad bodies with the reason and changes nothing', async () => {
    const { webhookId } = await register(alice, ['session.completed']);
    const cases: [unknown, RegExp][] = [
      [{}, /events.*enabled/],
      [{ events: [] }, /events/],
      [{ events: ['session.exploded'] }, /events\[0\]/],
      [{ enabled: 'yes' }, /enabled: must be a boolean/],
      [{ enabled: true, url: 'https://elsewhere.example' }, /url: unknown property/],
    ];
    for (const [body, message] of cases) {
      const res = await call('PATCH', `/api/webhooks/${webhookId}`, alice.accessToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.error).toBe('invalid_request');
      expect(answer.message).toMatch(message);
    }
    expect(await stored(webhookId)).toMatchObject({ events: ['session.completed'], disabledAt: null });
  });

  it("answers 404 for another account's endpoint and leaves it alone", async () => {
    const { webhookId } = await register(alice, ['session.completed']);
    for (const [method, path, body] of [
      ['PATCH', `/api/webhooks/${webhookId}`, { enabled: false }],
      ['POST', `/api/webhooks/${webhookId}/test`, undefined],
    ] as const) {
      const res = await call(method, path, mallory.accessToken, body);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'webhook_not_found' });
    }
    expect((await stored(webhookId)).disabledAt).toBeNull();
    expect(await deliveriesOf(alice.accessToken, webhookId)).toEqual([]);
  });
});

describe('POST /api/webhooks/{webhookId}/test', () => {
  it('delivers a signed webhook.test event through the outbox; the log shows the exact body and the answer', async () => {
    const { webhookId, secret } = await register(alice, ['session.completed']);
    receiver.answer = (r) =>
      r.event.data.webhookId === webhookId ? { status: 418, body: 'short and stout' } : { status: 204 };
    const res = await call('POST', `/api/webhooks/${webhookId}/test`, alice.accessToken);
    expect(res.status).toBe(202);
    const queued = (await res.json()) as { eventId: string; eventType: string };
    expect(queued.eventType).toBe('webhook.test');

    const got = await receiver.waitFor((r) => r.event.id === queued.eventId, 30_000);
    expect(got.event).toMatchObject({ type: 'webhook.test', data: { webhookId } });
    expect(got.headers['webhook-id']).toBe(queued.eventId);
    // Signed with the endpoint's secret, like every event.
    expect(() =>
      verifyWebhook({ rawBody: got.rawBody, header: got.headers['x-service-signature'] as string, secret }),
    ).not.toThrow();

    await expect
      .poll(async () => (await deliveriesOf(alice.accessToken, webhookId)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const [attempt] = await deliveriesOf(alice.accessToken, webhookId);
    expect(attempt).toMatchObject({
      eventId: queued.eventId,
      eventType: 'webhook.test',
      outcome: 'failed',
      httpStatus: 418,
      error: 'HTTP 418: short and stout',
      requestBody: got.rawBody.toString('utf8'),
    });

    // Redelivered once the receiver is fixed: the same bytes again, and a succeeded attempt in the log.
    receiver.answer = () => ({ status: 204 });
    const again = await call(
      'POST',
      `/api/webhooks/${webhookId}/deliveries/${attempt!.deliveryId}/redeliver`,
      alice.accessToken,
    );
    expect(again.status).toBe(202);
    await expect
      .poll(
        async () =>
          (await deliveriesOf(alice.accessToken, webhookId)).find((d) => d.outcome === 'succeeded')
            ?.requestBody,
        { timeout: 30_000 },
      )
      .toBe(got.rawBody.toString('utf8'));
  }, 90_000);

  it('works with the web app cookie and its CSRF token, and is refused without the token', async () => {
    const { webhookId } = await register(alice);
    const web = await WebClient.forMember(api, alice.ownerMemberId);
    const forged = await web.fetch(
      'POST',
      `/api/webhooks/${webhookId}/test`,
      {},
      { 'x-csrf-token': 'forged' },
    );
    expect(forged.status).toBe(403);
    const res = await web.post(`/api/webhooks/${webhookId}/test`);
    expect(res.status).toBe(202);
    const { eventId } = (await res.json()) as { eventId: string };
    await receiver.waitFor((r) => r.event.id === eventId, 30_000);
    expect(receiver.received.filter((r) => r.event.data.webhookId === webhookId)).toHaveLength(1);
  }, 60_000);
});
