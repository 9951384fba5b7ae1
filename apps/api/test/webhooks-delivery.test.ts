import { expireDueSessions, ManualClock } from '@countersign/core';
import { outbox } from '@countersign/db';
import { verifyWebhook, WebhookVerificationError } from '@countersign/webhooks';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { linkTokenOf, type SentRow, sendOwnPdf } from './sends.ts';
import { bearer, makeTestPdf, type Received, startReceiver } from './webhooks-support.ts';

type Account = Awaited<ReturnType<TestApi['newAccount']>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let api: TestApi;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  // No background worker: each test runs the outbox passes itself, at the time it set.
  api = await startTestApi({ clock, worker: false, env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
});
afterAll(() => api.close());

/** A fresh access token: the clock moves by days, older tokens expire on it. */
async function tokenOf(account: Account): Promise<string> {
  const res = await api.post('/connect/token', { refresh_token: account.refreshToken });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A fresh account with one endpoint on a fresh receiver (closed when the test finishes). */
async function setup(events?: string[]) {
  const account = await api.newAccount();
  const receiver = await startReceiver();
  onTestFinished(() => receiver.close());
  const res = await api.post(
    '/api/webhooks',
    { url: receiver.url, ...(events ? { events } : {}) },
    await tokenOf(account),
  );
  expect(res.status).toBe(201);
  const { webhookId, secret } = (await res.json()) as { webhookId: string; secret: string };
  return { account, receiver, webhookId, secret };
}

/** Ann and Bob's two-signer own-PDF session, no invites; `options` add to (or override) the send. */
async function send(account: Account, options: Record<string, unknown> = {}) {
  return sendOwnPdf(
    api,
    { accountId: account.accountId, accessToken: await tokenOf(account) },
    { name: 'Lease.pdf', bytes: await makeTestPdf() },
    {
      title: 'Lease agreement',
      signingRequests: [
        {
          recipients: [
            { name: 'Ann Lee', email: 'ann@example.test' },
            { name: 'Bob Roe', email: 'bob@example.test' },
          ],
        },
      ],
      notify: false,
      ...options,
    },
  );
}

async function cancel(account: Account, sessionId: string, reason = 'Tenant withdrew') {
  const res = await api.post('/api/sessions/cancel', { sessionId, reason }, await tokenOf(account));
  expect(res.status).toBe(200);
}

/** One session.cancelled event for the account's endpoints, and the outbox pass that delivers it. */
async function deliverCancellation(account: Account) {
  await cancel(account, (await send(account)).sessionId);
  await api.runtime.dispatchOutbox();
}

const getEndpoint = async (account: Account, webhookId: string) =>
  (await (
    await api.fetch(`/api/webhooks/${webhookId}`, { headers: bearer(await tokenOf(account)) })
  ).json()) as {
    status: string;
    disabledReason: string | null;
    failingSince: string | null;
  };

const deliveriesOf = async (account: Account, webhookId: string) =>
  (
    (await (
      await api.fetch(`/api/webhooks/${webhookId}/deliveries`, { headers: bearer(await tokenOf(account)) })
    ).json()) as {
      deliveries: {
        deliveryId: string;
        eventId: string;
        attempt: number;
        outcome: string;
        httpStatus: number | null;
        error: string | null;
      }[];
    }
  ).deliveries;

/** How an event body lists the session's one document (Lease.pdf), sealed or not. */
const documentsOf = (session: SentRow, signed: boolean) => {
  const { documentId } = session.documents[0]!;
  const downloadUrl = `${api.config.publicUrl}/api/sessions/${session.sessionId}/documents/${documentId}`;
  return [{ documentId, filename: 'Lease.pdf', signed, downloadUrl }];
};

const headerOf = (r: Received, name: string) => r.headers[name] as string;
const nowSeconds = () => Math.floor(clock.now() / 1000);

describe('a delivery', () => {
  it('is a signed JSON POST that verifyWebhook and the standardwebhooks package accept', async () => {
    const { account, receiver, secret } = await setup();
    const session = await send(account);
    await cancel(account, session.sessionId, 'Tenant found another flat');
    await api.runtime.dispatchOutbox();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received as [Received];

    expect(headerOf(got, 'content-type')).toBe('application/json');
    expect(headerOf(got, 'user-agent')).toMatch(/^Countersign-Webhooks\//);
    expect(headerOf(got, 'webhook-id')).toBe(got.event.id);
    expect(headerOf(got, 'webhook-timestamp')).toBe(String(nowSeconds()));
    expect(headerOf(got, 'x-service-signature')).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(headerOf(got, 'webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    // Our verifier: raw body, header, secret (5 minute tolerance against the real clock).
    expect(() =>
      verifyWebhook({ rawBody: got.rawBody, header: got.headers['x-service-signature'], secret }),
    ).not.toThrow();
    const tampered = Buffer.from(got.rawBody.toString('utf8').replace('Tenant', 'Landlord'));
    expect(() =>
      verifyWebhook({ rawBody: tampered, header: got.headers['x-service-signature'], secret }),
    ).toThrow(WebhookVerificationError);
    // The Standard Webhooks reference library, with the same secret.
    const wh = new Webhook(secret);
    const standardHeaders = {
      'webhook-id': headerOf(got, 'webhook-id'),
      'webhook-timestamp': headerOf(got, 'webhook-timestamp'),
      'webhook-signature': headerOf(got, 'webhook-signature'),
    };
    expect(wh.verify(got.rawBody.toString('utf8'), standardHeaders)).toEqual(got.event);
    expect(() => wh.verify(tampered.toString('utf8'), standardHeaders)).toThrow();

    expect(got.event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'session.cancelled',
      createdAt: new Date(clock.now()).toISOString(),
      data: {
        sessionId: session.sessionId,
        title: 'Lease agreement',
        documents: documentsOf(session, false),
        reason: 'Tenant found another flat',
      },
    });
  });

  it('goes only to endpoints subscribed to its type', async () => {
    const { account, receiver } = await setup(['session.completed']);
    await deliverCancellation(account);
    expect(receiver.received).toHaveLength(0);
  });

  it('carries both signatures during a rotation grace period, then only the new one', async () => {
    const { account, receiver, webhookId, secret: oldSecret } = await setup();
    const rotated = await api.post(`/api/webhooks/${webhookId}/rotate-secret`, {}, await tokenOf(account));
    // A strict empty body is fine; the route takes none.
    expect(rotated.status).toBe(200);
    const { secret: newSecret } = (await rotated.json()) as { secret: string };

    await deliverCancellation(account);
    const [during] = receiver.received as [Received];
    expect(headerOf(during, 'x-service-signature')).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(headerOf(during, 'webhook-signature').split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret]) {
      expect(() =>
        verifyWebhook({ rawBody: during.rawBody, header: during.headers['x-service-signature'], secret }),
      ).not.toThrow();
      expect(
        new Webhook(secret).verify(during.rawBody.toString('utf8'), {
          'webhook-id': headerOf(during, 'webhook-id'),
          'webhook-timestamp': headerOf(during, 'webhook-timestamp'),
          'webhook-signature': headerOf(during, 'webhook-signature'),
        }),
      ).toEqual(during.event);
    }

    clock.advance(24 * HOUR + 60_000);
    await deliverCancellation(account);
    const after = receiver.received[1]!;
    expect(headerOf(after, 'x-service-signature')).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(headerOf(after, 'webhook-signature').split(' ')).toHaveLength(1);
    const check = (secret: string) =>
      verifyWebhook({
        rawBody: after.rawBody,
        header: after.headers['x-service-signature'],
        secret,
        now: nowSeconds(),
      });
    expect(() => check(newSecret)).not.toThrow();
    expect(() => check(oldSecret)).toThrow(/no signature matches/);
  });
});

describe('retries and disabling', () => {
  it('retries a 500 later, with the same id and body, and delivers it once', async () => {
    const { account, receiver, webhookId } = await setup();
    receiver.answer = (_req, n) => (n === 1 ? { status: 500, body: 'database down' } : { status: 204 });
    await deliverCancellation(account);
    expect(receiver.received).toHaveLength(1);
    expect((await getEndpoint(account, webhookId)).failingSince).toBe(new Date(clock.now()).toISOString());

    // Not due yet: the backoff has not elapsed on the service's clock.
    await api.runtime.dispatchOutbox();
    expect(receiver.received).toHaveLength(1);

    clock.advance(61_000);
    await api.runtime.dispatchOutbox();
    clock.advance(DAY);
    await api.runtime.dispatchOutbox();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received as [Received, Received];
    expect(headerOf(second, 'webhook-id')).toBe(headerOf(first, 'webhook-id'));
    expect(second.rawBody.equals(first.rawBody)).toBe(true);

    expect((await getEndpoint(account, webhookId)).failingSince).toBeNull();
    expect(await deliveriesOf(account, webhookId)).toEqual([
      expect.objectContaining({ attempt: 2, outcome: 'succeeded', httpStatus: 204, error: null }),
      expect.objectContaining({
        attempt: 1,
        outcome: 'failed',
        httpStatus: 500,
        error: 'HTTP 500: database down',
      }),
    ]);
  });

  it('does not follow redirects: a 302 is a failed attempt', async () => {
    const { account, receiver, webhookId } = await setup();
    const elsewhere = await startReceiver();
    onTestFinished(() => elsewhere.close());
    receiver.answer = () => ({ status: 302, headers: { location: elsewhere.url } });
    await deliverCancellation(account);
    expect(receiver.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    expect(await deliveriesOf(account, webhookId)).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        httpStatus: 302,
        error: 'HTTP 302 (redirects are not followed)',
      }),
    ]);
  });

  it('disables the endpoint on 410 Gone; pending deliveries are skipped; enable and redeliver', async () => {
    const { account, receiver, webhookId } = await setup();
    // A first event fails with 500 (a retry is pending), a second one meets 410.
    receiver.answer = () => ({ status: 500 });
    await deliverCancellation(account);
    receiver.answer = () => ({ status: 410 });
    await deliverCancellation(account);
    expect(receiver.received).toHaveLength(2);
    const gone = await getEndpoint(account, webhookId);
    expect(gone.status).toBe('disabled');
    expect(gone.disabledReason).toMatch(/410 Gone/);

    // The pending retry is not sent but logged as skipped; nothing more reaches the receiver.
    clock.advance(DAY);
    await api.runtime.dispatchOutbox();
    expect(receiver.received).toHaveLength(2);
    const log = await deliveriesOf(account, webhookId);
    expect(log.map((d) => [d.outcome, d.httpStatus])).toEqual([
      ['skipped', null],
      ['failed', 410],
      ['failed', 500],
    ]);
    expect(log[0]!.error).toMatch(/^not sent: the endpoint is disabled \(the endpoint answered 410 Gone/);
    // New events are not even queued for a disabled endpoint.
    await deliverCancellation(account);
    expect(receiver.received).toHaveLength(2);

    // Redelivery waits for the endpoint to be enabled.
    const refused = await api.post(
      `/api/webhooks/${webhookId}/deliveries/${log[0]!.deliveryId}/redeliver`,
      {},
      await tokenOf(account),
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe('webhook_disabled');

    receiver.answer = () => ({ status: 200, body: 'ok' });
    const enabled = await api.post(`/api/webhooks/${webhookId}/enable`, {}, await tokenOf(account));
    expect(enabled.status).toBe(200);
    expect(await enabled.json()).toMatchObject({
      status: 'enabled',
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    });
    const res = await api.post(
      `/api/webhooks/${webhookId}/deliveries/${log[0]!.deliveryId}/redeliver`,
      {},
      await tokenOf(account),
    );
    expect(res.status).toBe(202);
    await api.runtime.dispatchOutbox();
    expect(receiver.received).toHaveLength(3);
    expect(headerOf(receiver.received[2]!, 'webhook-id')).toBe(log[0]!.eventId);
    expect(headerOf(receiver.received[2]!, 'webhook-id')).toBe(receiver.received[0]!.event.id);
  });

  it('retries on a backoff schedule for about 3 days, then disables the failing endpoint with a reason', async () => {
    const { account, receiver, webhookId } = await setup();
    receiver.answer = () => ({ status: 503, body: 'maintenance' });
    const started = clock.now();
    // The first attempt, at `started`. The cancel's commit kicks a pass of its own; one that finished before
    // the loop below read the row was once a delivery no pass of the loop counted (20 received, 19 passes).
    await deliverCancellation(account);
    const row = async () =>
      (
        await api.runtime.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.kind, 'webhook'), eq(outbox.accountId, account.accountId)))
          .limit(1)
      )[0]!;
    const times: number[] = [0];
    // Follow the schedule the dispatcher sets: jump to each retry time, run a pass. Bounded.
    for (let i = 0; i < 40 && (await row()).failedAt === null; i++) {
      clock.set(Math.max(clock.now(), (await row()).availableAt));
      times.push(clock.now() - started);
      await api.runtime.dispatchOutbox();
    }
    const final = await row();
    expect(final.failedAt).not.toBeNull();
    expect(receiver.received).toHaveLength(times.length);
    expect(new Set(receiver.received.map((r) => headerOf(r, 'webhook-id'))).size).toBe(1);
    // Waits grow: about 1, 2, 4... minutes at first (50-100 % jitter), capped at 8 hours.
    const waits = times.slice(1).map((t, i) => t - times[i]!);
    expect(waits[0]).toBeGreaterThanOrEqual(30_000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(waits[1]).toBeGreaterThanOrEqual(60_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(8 * HOUR);
    // The last attempt is the first one after 3 days of failing.
    expect(times.at(-1)!).toBeGreaterThan(3 * DAY);
    expect(times.at(-2)!).toBeLessThanOrEqual(3 * DAY);

    const endpoint = await getEndpoint(account, webhookId);
    expect(endpoint.status).toBe('disabled');
    expect(endpoint.failingSince).toBe(new Date(started).toISOString());
    expect(endpoint.disabledReason).toBe(
      `every delivery failed for over 3 days (since ${new Date(started).toISOString()}); last error: HTTP 503: maintenance`,
    );
    const log = await deliveriesOf(account, webhookId);
    expect(log).toHaveLength(times.length);
    expect(log[0]!.attempt).toBe(times.length);
  });

  it('stops a delivery whose endpoint is deleted before its retry', async () => {
    const { account, receiver, webhookId } = await setup();
    receiver.answer = () => ({ status: 500 });
    await deliverCancellation(account);
    expect(receiver.received).toHaveLength(1);
    const del = await api.fetch(`/api/webhooks/${webhookId}`, {
      method: 'DELETE',
      headers: bearer(await tokenOf(account)),
    });
    expect(del.status).toBe(204);
    clock.advance(DAY);
    await api.runtime.dispatchOutbox();
    expect(receiver.received).toHaveLength(1);
    const rows = await api.runtime.db
      .select({ failedAt: outbox.failedAt, lastError: outbox.lastError })
      .from(outbox)
      .where(and(eq(outbox.kind, 'webhook'), eq(outbox.accountId, account.accountId)));
    expect(rows).toEqual([{ failedAt: expect.any(Number), lastError: expect.stringMatching(/was deleted/) }]);
  });
});

describe('event bodies', () => {
  const signer = (signingUrl: string, action: 'sign' | 'decline', body: unknown) =>
    api.fetch(`/api/signing/${linkTokenOf({ signingUrl })}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('session.signed for each signer, then session.completed: through the signer API', async () => {
    const { account, receiver } = await setup();
    const session = await send(account, { authRequirement: 'public' });
    const [ann, bob] = session.participants as [
      (typeof session.participants)[0],
      (typeof session.participants)[0],
    ];
    expect(
      (await signer(ann.signingUrl, 'sign', { signature: { kind: 'typed', value: 'Ann Lee' } })).status,
    ).toBe(200);
    await api.runtime.dispatchOutbox();
    const first = await receiver.waitFor((r) => r.event.type === 'session.signed');
    expect(first.event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'session.signed',
      createdAt: expect.any(String),
      data: {
        sessionId: session.sessionId,
        title: 'Lease agreement',
        participant: {
          participantId: ann.participantId,
          name: 'Ann Lee',
          email: 'ann@example.test',
          status: 'signed',
        },
        documents: [expect.objectContaining({ documentId: session.documents[0]!.documentId, signed: false })],
      },
    });

    expect(
      (await signer(bob.signingUrl, 'sign', { signature: { kind: 'typed', value: 'Bob Roe' } })).status,
    ).toBe(200);
    // The completion job seals the PDF, then its event is delivered (bounded wait).
    const completed = await receiver.waitFor((r) => r.event.type === 'session.completed', 20_000);
    await api.runtime.dispatchOutbox();
    const signed = receiver.received.filter((r) => r.event.type === 'session.signed');
    expect(signed.map((r) => (r.event.data.participant as { participantId: string }).participantId)).toEqual([
      ann.participantId,
      bob.participantId,
    ]);
    expect(completed.event.data).toEqual({
      // The head of the hash-chained audit trail (docs/evidence.md).
      auditChainHead: expect.stringMatching(/^[0-9a-f]{64}$/),
      sessionId: session.sessionId,
      title: 'Lease agreement',
      documents: documentsOf(session, true),
    });
    expect(receiver.received).toHaveLength(3);
  });

  it('session.declined with the participant and the reason: through the signer API', async () => {
    const { account, receiver } = await setup();
    const session = await send(account, { authRequirement: 'public' });
    const bob = session.participants[1]!;
    expect((await signer(bob.signingUrl, 'decline', { reason: 'Rent is too high' })).status).toBe(200);
    await api.runtime.dispatchOutbox();
    const got = await receiver.waitFor((r) => r.event.type === 'session.declined');
    expect(got.event.data).toEqual({
      sessionId: session.sessionId,
      title: 'Lease agreement',
      participant: {
        participantId: bob.participantId,
        name: 'Bob Roe',
        email: 'bob@example.test',
        status: 'declined',
      },
      documents: [expect.objectContaining({ documentId: session.documents[0]!.documentId, signed: false })],
      reason: 'Rent is too high',
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('session.expired: after expiresInDays, from the expiry sweep', async () => {
    const { account, receiver } = await setup();
    const session = await send(account, { expiresInDays: 1 });
    clock.advance(DAY + 60_000);
    expect(await expireDueSessions(api.runtime.ctx)).toBeGreaterThanOrEqual(1);
    await api.runtime.dispatchOutbox();
    const got = await receiver.waitFor((r) => r.event.data.sessionId === session.sessionId);
    expect(got.event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'session.expired',
      createdAt: new Date(clock.now()).toISOString(),
      data: {
        sessionId: session.sessionId,
        title: 'Lease agreement',
        documents: [expect.objectContaining({ documentId: session.documents[0]!.documentId, signed: false })],
      },
    });
    expect(receiver.received).toHaveLength(1);
  });
});
