import { randomUUID } from 'node:crypto';
import { startTestApi, type TestApi } from '@countersign/api/testing';
import { addMember, createAccount, ManualClock, setAllowance } from '@countersign/core';
import { oneSignatureManifest, textPdf } from '@countersign/test-support';
import { signWebhook } from '@countersign/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CountersignApiError,
  CountersignClient,
  isApiError,
  type RetryEvent,
  verifyWebhookEvent,
  WebhookVerificationError,
} from '../src/index.ts';
import { recordingFetch, startPeer } from './support.ts';

// The client against a real API on loopback (its own SQLite file and in-process worker), through real HTTP.

let api: TestApi;
const clock = new ManualClock();
/** The account most tests share, and its template (made here: the first template warms up the PDF workers). */
let shared: { accountId: string; refreshToken: string };
let templateId: string;

beforeAll(async () => {
  api = await startTestApi({ clock });
  shared = await newAccount();
  templateId = await withTemplate(newClient().client);
}, 120_000); // the first template starts the PDF worker threads: slow on a loaded machine
afterAll(() => api.close());

const newAccount = async () =>
  await createAccount(api.runtime.ctx, {
    name: 'Client tests',
    email: `ops-${randomUUID().slice(0, 8)}@acme.test`,
  });

/** A client (of the shared account unless told otherwise); its `fetch` records what it sends. */
function newClient(
  options: {
    now?: () => number;
    baseUrl?: string;
    onRetry?: (e: RetryEvent) => void;
    account?: { accountId: string; refreshToken: string };
  } = {},
) {
  const { accountId, refreshToken } = options.account ?? shared;
  const recorder = recordingFetch();
  const client = new CountersignClient({
    baseUrl: options.baseUrl ?? api.url,
    refreshToken,
    fetch: recorder.fetch,
    now: options.now ?? (() => clock.now()),
    onRetry: options.onRetry,
  });
  const exchanges = () => recorder.sent.filter((s) => s.path === '/connect/token').length;
  return { client, accountId, refreshToken, sent: recorder.sent, exchanges };
}

async function withTemplate(client: CountersignClient) {
  const created = await client.templates.create(oneSignatureManifest('Contract', 'contract.pdf', 'Client'), [
    { filename: 'contract.pdf', bytes: await textPdf(`contract-${randomUUID()}`) },
  ]);
  return created.templateId;
}

const recipient = (name = 'Dana Client') => ({
  label: 'Client',
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.test`,
});

describe('access tokens', () => {
  it('exchanges the refresh token once for concurrent calls, and renews before the token expires', async () => {
    const { client, sent, exchanges } = newClient();
    await Promise.all(Array.from({ length: 8 }, () => client.templates.list()));
    expect(exchanges()).toBe(1);

    // 30 s before expiry (inside the 60 s renewal window) the token still works, but the client renews.
    clock.advance((900 - 30) * 1000);
    const before = sent.findLast((s) => s.path === '/api/templates')!.headers.get('authorization')!;
    const stillValid = await api.fetch('/api/templates', { headers: { authorization: before } });
    expect(stillValid.status).toBe(200);
    await Promise.all(Array.from({ length: 4 }, () => client.templates.list()));
    expect(exchanges()).toBe(2);
    const after = sent.findLast((s) => s.path === '/api/templates')!.headers.get('authorization')!;
    expect(after).not.toBe(before);

    // Long past the first token's expiry: the server refuses it, the client never sent it again.
    clock.advance(600 * 1000);
    expect((await api.fetch('/api/templates', { headers: { authorization: before } })).status).toBe(401);
    await client.templates.list();
    expect(sent.filter((s) => s.headers.get('authorization') === before).length).toBe(8);
  });

  it('renews once and retries when the server refuses a token the client thought valid', async () => {
    let skew = 0;
    const { client, exchanges } = newClient({ now: () => clock.now() - skew });
    await client.templates.list();
    skew = 3600 * 1000; // the client's clock lags an hour: it believes its expired token is fresh
    clock.advance(1000 * 1000);
    expect(await client.templates.list()).toMatchObject({ templates: [{ templateId }] });
    expect(exchanges()).toBe(2);
  });

  it('a refused refresh token is a typed invalid_grant, not retried', async () => {
    const client = new CountersignClient({ baseUrl: api.url, refreshToken: 'rt_not-a-real-token' });
    const error = await client.templates.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CountersignApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_grant', retryAfterSeconds: null });
    expect((error as CountersignApiError).requestId).toMatch(/\S/);
  });
});

describe('sends and cancels', () => {
  it('sends a template with an Idempotency-Key; a caller key repeated gets the first answer again', async () => {
    const { client, sent } = newClient();
    const signer = recipient(`Dana Client${randomUUID().slice(0, 8)}`);
    const body = { templateId, notify: false, signingRequests: [{ recipients: [signer] }] };
    const first = await client.templates.send(body);
    expect(first.instantiation.sessions[0]).toMatchObject({ status: 'created' });
    const generated = sent.findLast((s) => s.path === '/api/templates/send')!.headers.get('idempotency-key');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);

    const key = `order-${randomUUID()}`;
    const once = await client.templates.send(body, { idempotencyKey: key });
    const again = await client.templates.send(body, { idempotencyKey: key });
    expect(again).toEqual(once);
    expect(sent.filter((s) => s.headers.get('idempotency-key') === key).length).toBe(2);
    // The send's progress, by its key: done, one session.
    expect(await client.sendProgress(key)).toEqual({ state: 'done', created: 1 });
    const unknown = await client.sendProgress('never-sent').catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 404, code: 'send_not_found' });
    const sessions = [];
    for await (const s of client.sessions.list({ q: signer.email })) sessions.push(s.sessionId);
    expect(sessions.sort()).toEqual(
      [first.instantiation.sessions[0]!.sessionId, once.instantiation.sessions[0]!.sessionId].sort(),
    );
    // The same two by the start of the recipient's name (the `recipient` extension).
    const byName = [];
    for await (const s of client.sessions.list({ recipient: signer.name.slice(0, -2).toLowerCase() }))
      byName.push(s.sessionId);
    expect(byName.sort()).toEqual(sessions);
  });

  it('sends own PDFs from the drive (read back as uploaded), downloads a document, and cancels with a key', async () => {
    const { client, sent } = newClient();
    const { files } = await client.drive.upload([{ filename: 'Offer.pdf', bytes: await textPdf('offer') }]);
    const cloudFileId = files[0]!.cloudFileId;
    expect(Buffer.from(await client.drive.content(cloudFileId))).toEqual(Buffer.from(await textPdf('offer')));
    const { rows } = await client.sessions.send({
      cloudFileIds: [cloudFileId],
      signingRequests: [{ recipients: [{ name: 'Sam Signer', email: 'sam@example.test' }] }],
    });
    expect(rows[0]).toMatchObject({ status: 'sent', documents: [{ cloudFileId, filename: 'Offer.pdf' }] });
    const sessionId = rows[0]!.sessionId!;
    const pdf = await client.sessions.document(sessionId, rows[0]!.documents![0]!.documentId);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const cancelled = await client.sessions.cancel({ sessionId, reason: 'sent by mistake' });
    expect(cancelled).toEqual({ sessionId, cancelled: true, alreadyCancelled: false });
    expect(sent.findLast((s) => s.path === '/api/sessions/cancel')!.headers.get('idempotency-key')).toMatch(
      /\S/,
    );
    expect(await client.sessions.get(sessionId)).toMatchObject({ sessionId, status: 'cancelled' });
  });

  it('errors carry the spec code, the status and the request id', async () => {
    const { client } = newClient();
    const error = await client.templates
      .send({ templateId: 'tpl_missing', signingRequests: [{ recipients: [recipient()] }] })
      .catch((e: unknown) => e);
    expect(isApiError(error, 'template_not_found')).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'template_not_found' });
    expect((error as CountersignApiError).requestId).toMatch(/\S/);
    const invalid = await client.sessions.cancel({ sessionId: 'not-a-uuid' }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((invalid as CountersignApiError).body.message).toMatch(/^sessionId: /);
  });
});

describe('templates', () => {
  it('duplicates a template under a name of its own or "(copy)"', async () => {
    const { client } = newClient();
    const templateId = await withTemplate(client);
    const copy = await client.templates.duplicate(templateId);
    expect(copy.name).toBe('Contract (copy)');
    expect(copy.fields).toEqual((await client.templates.get(templateId)).fields);
    expect((await client.templates.duplicate(templateId, { name: 'Supplier contract' })).name).toBe(
      'Supplier contract',
    );
  });

  it('archives a template out of the list and restores it', async () => {
    const { client } = newClient();
    const templateId = await withTemplate(client);
    expect((await client.templates.archive(templateId)).archivedAt).not.toBeNull();
    expect((await client.templates.list()).templates.map((t) => t.templateId)).not.toContain(templateId);
    expect((await client.templates.list({ archived: true })).templates.map((t) => t.templateId)).toContain(
      templateId,
    );
    expect((await client.templates.restore(templateId)).archivedAt).toBeNull();
    expect((await client.templates.list()).templates.map((t) => t.templateId)).toContain(templateId);
  });

  it("replaces a template's tags and lists the templates with one", async () => {
    const { client } = newClient();
    const templateId = await withTemplate(client);
    const tag = `Team ${randomUUID().slice(0, 8)}`;
    expect((await client.templates.setTags(templateId, [tag, 'legal', tag.toLowerCase()])).tags).toEqual([
      'legal',
      tag,
    ]);
    const tagged = await client.templates.list({ tag: tag.toUpperCase() });
    expect(tagged.templates.map((t) => [t.templateId, t.tags])).toEqual([[templateId, ['legal', tag]]]);
    expect((await client.templates.list({ tag, archived: true })).templates).toEqual([]);
    expect((await client.templates.setTags(templateId, [])).tags).toEqual([]);
    expect((await client.templates.list({ tag })).templates).toEqual([]);
    const invalid = await client.templates.setTags(templateId, ['a,b']).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});

describe('reminders', () => {
  it('reminds a session through POST /api/sessions/remind', async () => {
    const { client } = newClient();
    const templateId = await withTemplate(client);
    const sent = await client.templates.send({
      templateId,
      signingRequests: [{ recipients: [recipient()] }],
    });
    const sessionId = sent.instantiation.sessions[0]!.sessionId!;
    const { results } = await client.sessions.remind([sessionId]);
    expect(results).toEqual([{ sessionId, reminded: [sent.invites[0]!.participants[0]!.participantId] }]);
  });
});

describe('cursor pages', () => {
  it('iterates every session of a bulk send across pages, in order, each once', async () => {
    const { client, sent } = newClient();
    const sentBody = await client.templates.send({
      templateId,
      notify: false,
      signingRequests: Array.from({ length: 5 }, (_, i) => ({ recipients: [recipient(`Signer ${i}`)] })),
    });
    const batch = sentBody.instantiation.bulkSendBatchId!;
    const pageSizes = [];
    for await (const page of client.sessions.pages({ bulkSendBatchId: batch, limit: 2 })) {
      pageSizes.push(page.sessions.length);
    }
    expect(pageSizes).toEqual([2, 2, 1]);
    const listed = [];
    for await (const session of client.sessions.list({ bulkSendBatchId: batch, limit: 2 }))
      listed.push(session);
    expect(listed.map((s) => s.sessionId).sort()).toEqual(
      sentBody.instantiation.sessions.map((s) => s.sessionId!).sort(),
    );
    // Breaking out of the loop stops fetching.
    const before = sent.filter((s) => s.path === '/api/sessions').length;
    for await (const _ of client.sessions.list({ bulkSendBatchId: batch, limit: 2 })) break;
    expect(sent.filter((s) => s.path === '/api/sessions').length).toBe(before + 1);
  });
});

describe('retries', () => {
  it('retries 429 and 503 after their Retry-After, with the same Idempotency-Key, creating one session', async () => {
    const refusals = [
      { status: 429, headers: { 'retry-after': '1' }, body: { error: 'rate_limited', message: 'slow down' } },
      {
        status: 503,
        headers: { 'retry-after': new Date(clock.now() + 1000).toUTCString() },
        body: { error: 'service_unavailable', message: 'try again' },
      },
    ];
    let refused = 0;
    const peer = await startPeer(api.url, (req) =>
      req.url === '/api/templates/send' && refused < refusals.length ? refusals[refused++]! : 'forward',
    );
    try {
      const retries: RetryEvent[] = [];
      const { client } = newClient({ baseUrl: peer.url, onRetry: (e) => retries.push(e) });
      const signer = recipient();
      const answer = await client.templates.send({
        templateId,
        notify: false,
        signingRequests: [{ recipients: [signer] }],
      });
      expect(answer.instantiation.sessions).toMatchObject([{ status: 'created' }]);
      const attempts = peer.seen.filter((r) => r.url === '/api/templates/send');
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((r) => r.headers['idempotency-key'])).size).toBe(1);
      expect(retries.map((r) => [r.status, r.attempt, r.retryAfterSeconds])).toEqual([
        [429, 1, 1],
        [503, 2, expect.any(Number)],
      ]);
      expect(retries[0]!.delayMs).toBe(1000);
      expect(retries[1]!.delayMs).toBeLessThanOrEqual(1000);
      const created = [];
      for await (const s of client.sessions.list({ q: signer.email })) created.push(s);
      expect(created).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });

  it('without Retry-After it backs off exponentially, and gives up after maxRetries with the typed error', async () => {
    const peer = await startPeer(api.url, (req) =>
      req.url === '/api/templates' ? { status: 503, body: { error: 'service_unavailable' } } : 'forward',
    );
    try {
      const retries: RetryEvent[] = [];
      const client = new CountersignClient({
        baseUrl: peer.url,
        refreshToken: shared.refreshToken,
        retry: { maxRetries: 2, baseDelayMs: 20 },
        onRetry: (e) => retries.push(e),
      });
      const error = await client.templates.list().catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 503, code: 'service_unavailable', retryAfterSeconds: null });
      expect(peer.seen.filter((r) => r.url === '/api/templates')).toHaveLength(3);
      // Equal jitter: 50-100 % of 20 ms, then of 40 ms.
      expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(10);
      expect(retries[0]!.delayMs).toBeLessThanOrEqual(20);
      expect(retries[1]!.delayMs).toBeGreaterThanOrEqual(20);
      expect(retries[1]!.delayMs).toBeLessThanOrEqual(40);
    } finally {
      await peer.close();
    }
  });

  it('an exhausted allowance (Retry-After past maxDelayMs) is thrown at once, not slept through', async () => {
    const retries: RetryEvent[] = [];
    const { client, accountId, sent } = newClient({
      account: await newAccount(),
      onRetry: (e) => retries.push(e),
    });
    const templateId = await withTemplate(client);
    await setAllowance(api.runtime.ctx, accountId, 0, 24 * 3600 * 1000);
    const error = await client.templates
      .send({ templateId, signingRequests: [{ recipients: [recipient()] }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'allowance_exhausted' });
    expect((error as CountersignApiError).retryAfterSeconds).toBeGreaterThan(60);
    expect(retries).toEqual([]);
    expect(sent.filter((s) => s.path === '/api/templates/send')).toHaveLength(1);
  });
});

describe('tokens and members', () => {
  it('makes a token with chosen scopes, which can give no scope it lacks; lists and revokes tokens', async () => {
    const { client } = newClient({ account: await newAccount() });
    const made = await client.tokens.create({ label: 'reports', scopes: ['sessions:read', 'account:read'] });
    expect(made).toMatchObject({ label: 'reports', test: false, scopes: ['sessions:read', 'account:read'] });
    const reports = new CountersignClient({ baseUrl: api.url, refreshToken: made.refreshToken });
    expect((await reports.me()).scopes).toEqual(['sessions:read', 'account:read']);

    // A token makes tokens with its own scopes at most: by default all of them, never another.
    const lacking = await reports.tokens.create({ scopes: ['sessions:send'] }).catch((e: unknown) => e);
    expect(isApiError(lacking, 'insufficient_scope')).toBe(true);
    expect(lacking).toMatchObject({ status: 403, body: { scope: 'sessions:send' } });
    expect((await reports.tokens.create({ label: 'narrow' })).scopes).toEqual([
      'sessions:read',
      'account:read',
    ]);

    const listed = await client.tokens.list();
    expect(listed.map((t) => t.label).sort()).toEqual(['initial', 'narrow', 'reports']);
    expect(listed.find((t) => t.label === 'reports')).toMatchObject({
      tokenId: made.tokenId,
      scopes: ['sessions:read', 'account:read'],
      createdBy: { kind: 'cli', memberId: null },
    });
    await client.tokens.revoke(made.tokenId);
    expect((await client.tokens.list()).map((t) => t.label).sort()).toEqual(['initial', 'narrow']);

    // A test token is a sandbox: it manages no tokens.
    const test = await client.tokens.create({ label: 'sandbox', test: true });
    const sandbox = new CountersignClient({ baseUrl: api.url, refreshToken: test.refreshToken });
    expect((await sandbox.me()).test).toBe(true);
    expect(await sandbox.tokens.list().catch((e: unknown) => e)).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });

  it("changes a member's role; the last owner stays an owner (409 last_owner)", async () => {
    const account = await newAccount();
    const { client } = newClient({ account });
    const member = await addMember(api.runtime.ctx, account.accountId, {
      email: `member-${randomUUID().slice(0, 8)}@acme.test`,
      role: 'member',
    });
    expect(await client.members.update(member.id, { role: 'owner' })).toMatchObject({
      memberId: member.id,
      role: 'owner',
    });
    expect((await client.members.list()).map((m) => m.role)).toEqual(['owner', 'owner']);
    await client.members.update(member.id, { role: 'member' });
    const last = await client.members
      .update(account.ownerMemberId, { role: 'member' })
      .catch((e: unknown) => e);
    expect(isApiError(last, 'last_owner')).toBe(true);
    expect(last).toMatchObject({ status: 409 });
  });

  it("reads and changes the account's settings: the outcome address", async () => {
    const account = await newAccount();
    const { client } = newClient({ account });
    expect((await client.account.get()).outcomeEmail).toBeNull();
    const changed = await client.account.update({ outcomeEmail: 'contracts@acme.test' });
    expect(changed).toMatchObject({ accountId: account.accountId, outcomeEmail: 'contracts@acme.test' });
    const bad = await client.account.update({ outcomeEmail: 'nope' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: 'invalid_request' });
    expect((await client.account.update({ outcomeEmail: null })).outcomeEmail).toBeNull();
    // A report of a new account: every day there, nothing in it.
    const report = await client.reports.sessions({
      from: '2026-11-02T00:00:00Z',
      to: '2026-11-09T00:00:00Z',
      interval: 'day',
    });
    expect(report.buckets).toHaveLength(7);
    expect(report.totals).toEqual({ sent: 0, completed: 0, declined: 0, expired: 0 });
  });
});

describe('webhook verification (re-exported)', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const event = {
    id: 'evt_1',
    type: 'session.completed',
    createdAt: new Date().toISOString(),
    data: { sessionId: randomUUID(), title: 'Contract', documents: [] },
  };

  it('returns the typed event of a genuine delivery and refuses a tampered one with its reason', () => {
    const rawBody = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ id: event.id, timestamp, body: rawBody, secrets: [secret] });
    const header = headers['X-Service-Signature'];
    expect(verifyWebhookEvent({ rawBody: Buffer.from(rawBody), header, secret })).toEqual(event);
    const tampered = () =>
      verifyWebhookEvent({ rawBody: rawBody.replace('Contract', 'Contrakt'), header, secret });
    expect(tampered).toThrow(WebhookVerificationError);
    expect(tampered).toThrow(expect.objectContaining({ code: 'signature_mismatch' }));
  });
});
