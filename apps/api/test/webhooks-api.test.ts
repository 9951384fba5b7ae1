import { webhookEndpoints } from '@countersign/db';
import { webhookEventTypes } from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, startApiWorld } from './api-world.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { sendOwnPdf } from './sends.ts';
import { bearerCaller, makeTestPdf, startReceiver } from './webhooks-support.ts';

// The receiver is alice's to subscribe to, test by test.
const world = await startApiWorld({ worker: false, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
const { api, clock } = world;
const receiver = await startReceiver();
const alice: Account = await api.newAccount('Alice Integrations');
const mallory: Account = await api.newAccount('Mallory Integrations');
afterAll(async () => {
  await world.close();
  await receiver.close();
});

const call = (method: string, path: string, token: string, body?: unknown) =>
  bearerCaller(api)(method, path, token, body);

async function register(token: string, body: unknown = { url: receiver.url }) {
  const res = await call('POST', '/api/webhooks', token, body);
  expect(res.status).toBe(201);
  return (await res.json()) as {
    webhookId: string;
    url: string;
    events: string[];
    secret: string;
    createdAt: string;
  };
}

/** A real session (own-PDF send, no emails) cancelled through the API: one session.cancelled event. */
async function cancelledSession(account: Account, reason = 'Deal fell through') {
  const { sessionId } = await sendOwnPdf(
    api,
    account,
    { name: 'Offer.pdf', bytes: await makeTestPdf() },
    {
      title: 'Offer',
      signingRequests: [{ recipients: [{ name: 'Ann', email: 'ann@example.test' }] }],
      notify: false,
    },
  );
  const cancelled = await api.post('/api/sessions/cancel', { sessionId, reason }, account.accessToken);
  expect(cancelled.status).toBe(200);
  return sessionId;
}

describe('POST /api/webhooks', () => {
  it('registers an endpoint and shows its secret once, stored encrypted', async () => {
    const created = await register(alice.accessToken, {
      url: receiver.url,
      events: ['session.completed', 'session.signed', 'session.completed'],
    });
    expect(created).toEqual({
      webhookId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: receiver.url,
      // Canonical order, duplicates dropped.
      events: ['session.signed', 'session.completed'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      createdAt: new Date(clock.now()).toISOString(),
    });
    const [row] = await api.runtime.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.webhookId));
    expect(row!.secret).not.toContain(created.secret.slice(6));
    expect(row!.secret).toMatch(/^v1\./);
  });

  it('subscribes to every type when events is absent', async () => {
    const created = await register(alice.accessToken);
    expect(created.events).toEqual(webhookEventTypes);
  });

  it.each([
    [{ url: 'http://127.0.0.1:1/x', extra: true }, 'invalid_request', /extra: unknown property/],
    [{}, 'invalid_request', /url: required/],
    [{ url: 'http://127.0.0.1:1/x', events: [] }, 'invalid_request', /events: must not be empty/],
    [
      { url: 'http://127.0.0.1:1/x', events: ['session.viewed'] },
      'invalid_request',
      /events\[0\]: must be one of/,
    ],
    [{ url: 'ftp://127.0.0.1/x' }, 'unsafe_webhook_url', /must be http or https/],
    [{ url: 'http://user:pw@127.0.0.1/x' }, 'unsafe_webhook_url', /credentials/],
    [{ url: 'not a url' }, 'unsafe_webhook_url', /not a valid URL/],
  ])('refuses %j with 400 %s', async (body, error, message) => {
    const res = await call('POST', '/api/webhooks', alice.accessToken, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; message: string };
    expect(json.error).toBe(error);
    expect(json.message).toMatch(message);
  });

  it('requires a bearer token', async () => {
    const res = await api.post('/api/webhooks', { url: receiver.url });
    expect(res.status).toBe(401);
  });

  it('limits the endpoints of one account', async () => {
    const crowded = await api.newAccount('Crowded');
    for (let i = 0; i < 20; i++) await register(crowded.accessToken, { url: `${receiver.url}/${i}` });
    const res = await call('POST', '/api/webhooks', crowded.accessToken, { url: receiver.url });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe('webhook_limit_reached');
  });
});

describe('listing, reading, deleting', () => {
  it('lists the account endpoints without secrets and with their status', async () => {
    const account = await api.newAccount('Lister');
    const a = await register(account.accessToken, { url: `${receiver.url}/a` });
    const b = await register(account.accessToken, { url: `${receiver.url}/b`, events: ['session.expired'] });
    const res = await call('GET', '/api/webhooks', account.accessToken);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('whsec_');
    expect(text).not.toContain('"secret"');
    const { webhooks } = JSON.parse(text) as { webhooks: Record<string, unknown>[] };
    expect(webhooks).toEqual([
      {
        webhookId: a.webhookId,
        url: `${receiver.url}/a`,
        events: webhookEventTypes,
        status: 'enabled',
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        previousSecretExpiresAt: null,
        createdAt: a.createdAt,
      },
      expect.objectContaining({ webhookId: b.webhookId, events: ['session.expired'], status: 'enabled' }),
    ]);
    const one = await call('GET', `/api/webhooks/${b.webhookId}`, account.accessToken);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(webhooks[1]);
  });

  it('deletes with 204, after which the endpoint is gone', async () => {
    const account = await api.newAccount('Deleter');
    const { webhookId } = await register(account.accessToken);
    const res = await call('DELETE', `/api/webhooks/${webhookId}`, account.accessToken);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await call('GET', `/api/webhooks/${webhookId}`, account.accessToken)).status).toBe(404);
    expect((await call('DELETE', `/api/webhooks/${webhookId}`, account.accessToken)).status).toBe(404);
    const list = (await (await call('GET', '/api/webhooks', account.accessToken)).json()) as {
      webhooks: unknown[];
    };
    expect(list.webhooks).toEqual([]);
  });

  it("answers 404 for another account's endpoint on every route, and leaves it alone", async () => {
    const { webhookId } = await register(alice.accessToken);
    await cancelledSession(alice);
    await api.runtime.dispatchOutbox();
    const deliveries = (await (
      await call('GET', `/api/webhooks/${webhookId}/deliveries`, alice.accessToken)
    ).json()) as {
      deliveries: { deliveryId: string }[];
    };
    const deliveryId = deliveries.deliveries[0]!.deliveryId;
    const attempts: [string, string][] = [
      ['GET', `/api/webhooks/${webhookId}`],
      ['DELETE', `/api/webhooks/${webhookId}`],
      ['POST', `/api/webhooks/${webhookId}/rotate-secret`],
      ['POST', `/api/webhooks/${webhookId}/enable`],
      ['GET', `/api/webhooks/${webhookId}/deliveries`],
      ['POST', `/api/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`],
    ];
    for (const [method, path] of attempts) {
      const res = await call(method, path, mallory.accessToken);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { error: string }).error).toBe('webhook_not_found');
    }
    const list = (await (await call('GET', '/api/webhooks', mallory.accessToken)).json()) as {
      webhooks: unknown[];
    };
    expect(list.webhooks).toEqual([]);
    expect((await call('GET', `/api/webhooks/${webhookId}`, alice.accessToken)).status).toBe(200);
  });
});

describe('rotation and enabling', () => {
  it('rotates the secret; the old one keeps signing for 24 hours', async () => {
    const account = await api.newAccount('Rotator');
    const created = await register(account.accessToken);
    const res = await call('POST', `/api/webhooks/${created.webhookId}/rotate-secret`, account.accessToken);
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as {
      webhookId: string;
      secret: string;
      previousSecretExpiresAt: string;
    };
    expect(rotated.webhookId).toBe(created.webhookId);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(clock.now() + 24 * 3_600_000).toISOString());
    const view = (await (
      await call('GET', `/api/webhooks/${created.webhookId}`, account.accessToken)
    ).json()) as Record<string, unknown>;
    expect(view.previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
    expect(JSON.stringify(view)).not.toContain('whsec_');
  });

  it('enabling an enabled endpoint changes nothing', async () => {
    const account = await api.newAccount('Enabler');
    const { webhookId } = await register(account.accessToken);
    const res = await call('POST', `/api/webhooks/${webhookId}/enable`, account.accessToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ webhookId, status: 'enabled', disabledReason: null });
  });
});

describe('deliveries and redelivery', () => {
  it('lists attempts newest first and redelivers the same event with the same id', async () => {
    const account = await api.newAccount('Redeliverer');
    const { webhookId } = await register(account.accessToken, { url: `${receiver.url}/redeliver` });
    const sessionId = await cancelledSession(account, 'Wrong recipient');
    await api.runtime.dispatchOutbox();
    const first = await receiver.waitFor((r) => r.path === '/hooks/redeliver');

    const listed = await call('GET', `/api/webhooks/${webhookId}/deliveries`, account.accessToken);
    expect(listed.status).toBe(200);
    const { deliveries, nextCursor } = (await listed.json()) as {
      deliveries: Record<string, unknown>[];
      nextCursor: string | null;
    };
    expect(nextCursor).toBeNull();
    expect(deliveries).toEqual([
      {
        deliveryId: expect.any(String),
        eventId: first.event.id,
        eventType: 'session.cancelled',
        attempt: 1,
        outcome: 'succeeded',
        httpStatus: 204,
        durationMs: expect.any(Number),
        error: null,
        requestBody: first.rawBody.toString('utf8'),
        at: new Date(clock.now()).toISOString(),
      },
    ]);
    expect(first.event.data.sessionId).toBe(sessionId);

    clock.advance(60_000);
    const res = await call(
      'POST',
      `/api/webhooks/${webhookId}/deliveries/${deliveries[0]!.deliveryId}/redeliver`,
      account.accessToken,
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ webhookId, eventId: first.event.id, eventType: 'session.cancelled' });
    await api.runtime.dispatchOutbox();
    const again = receiver.received.filter((r) => r.path === '/hooks/redeliver');
    expect(again).toHaveLength(2);
    expect(again[1]!.headers['webhook-id']).toBe(first.event.id);
    expect(again[1]!.rawBody.equals(first.rawBody)).toBe(true);

    const after = (await (
      await call('GET', `/api/webhooks/${webhookId}/deliveries?limit=1`, account.accessToken)
    ).json()) as {
      deliveries: { at: string; attempt: number }[];
      nextCursor: string;
    };
    expect(after.deliveries).toEqual([
      expect.objectContaining({ at: new Date(clock.now()).toISOString(), attempt: 1 }),
    ]);
    const page2 = (await (
      await call(
        'GET',
        `/api/webhooks/${webhookId}/deliveries?limit=1&cursor=${after.nextCursor}`,
        account.accessToken,
      )
    ).json()) as { deliveries: { deliveryId: string }[]; nextCursor: string | null };
    expect(page2.deliveries.map((d) => d.deliveryId)).toEqual([deliveries[0]!.deliveryId]);
    expect(page2.nextCursor).toBeNull();
  });

  it('answers 404 for an unknown delivery and 400 for a bad cursor', async () => {
    const account = await api.newAccount('Unknown delivery');
    const { webhookId } = await register(account.accessToken);
    const res = await call(
      'POST',
      `/api/webhooks/${webhookId}/deliveries/nope/redeliver`,
      account.accessToken,
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('webhook_delivery_not_found');
    const bad = await call('GET', `/api/webhooks/${webhookId}/deliveries?cursor=zzz`, account.accessToken);
    expect(bad.status).toBe(400);
    const extra = await call('GET', `/api/webhooks/${webhookId}/deliveries?foo=1`, account.accessToken);
    expect(extra.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes every webhook route and the event bodies', async () => {
    const doc = (await (await api.fetch('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
      webhooks: Record<string, { post: { requestBody: unknown } }>;
      components: { schemas: Record<string, { additionalProperties?: boolean }> };
    };
    expect(Object.keys(doc.paths['/api/webhooks']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/webhooks/{webhookId}']!).sort()).toEqual(['delete', 'get', 'patch']);
    for (const path of [
      '/api/webhooks/{webhookId}/rotate-secret',
      '/api/webhooks/{webhookId}/enable',
      '/api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      '/api/webhooks/{webhookId}/test',
    ]) {
      expect(doc.paths[path], path).toHaveProperty('post');
    }
    expect(doc.paths['/api/webhooks/{webhookId}/deliveries']).toHaveProperty('get');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes, 'webhook.test'].sort());
    expect(JSON.stringify(doc.webhooks['webhook.test']!.post.requestBody)).toContain(
      '#/components/schemas/WebhookTestEvent',
    );
    expect(doc.components.schemas.WebhookUpdateRequest!.additionalProperties).toBe(false);
    expect(JSON.stringify(doc.webhooks['session.completed']!.post.requestBody)).toContain(
      '#/components/schemas/WebhookEvent',
    );
    expect(doc.components.schemas.WebhookCreateRequest!.additionalProperties).toBe(false);
    for (const name of [
      'WebhookEndpoint',
      'WebhookCreated',
      'WebhookDelivery',
      'WebhookSecretRotated',
      'WebhookEvent',
    ]) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
  });
});

describe('the SSRF guard without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await startTestApi({ worker: false });
  });
  afterAll(() => strict.close());

  it.each([
    'http://127.0.0.1:8080/hooks',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/hooks',
    'http://192.168.1.10/hooks',
    'http://[::1]/hooks',
    'http://[::ffff:127.0.0.1]/hooks',
    'http://localhost/hooks',
  ])('refuses %s with 400 unsafe_webhook_url', async (url) => {
    const account = await strict.newAccount();
    const res = await strict.post('/api/webhooks', { url }, account.accessToken);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('unsafe_webhook_url');
    expect(body.message).toMatch(/loopback|private|link-local/);
  });

  it('accepts a public address', async () => {
    const account = await strict.newAccount();
    const res = await strict.post(
      '/api/webhooks',
      { url: 'https://93.184.215.14/hooks' },
      account.accessToken,
    );
    expect(res.status).toBe(201);
  });
});
