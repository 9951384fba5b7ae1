import { PURGED_TITLE, sweep } from '@countersign/core';
import { auditEvents, documents, fieldValues } from '@countersign/db';
import type { LegalHold, SessionDetail } from '@countersign/schemas';
import { until } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blobHashes,
  databaseBytes,
  type PurgeTarget,
  sendSession,
  signAndComplete,
  startPurgeWorld,
  storedBlobs,
} from './purge-support.ts';

// Records with a lifecycle (docs/evidence.md "Retention and purging"): DELETE /api/sessions/{id} purges an
// ended session (blobs deleted from disk, personal data gone from the SQLite file), a tombstone stays, the
// session.purged webhook is delivered once, a legal hold blocks it, and retention purges by the sweep as the
// (manual) clock passes. No background worker: the sweep runs when the test calls it.

const DAY_MS = 86_400_000;
const world = await startPurgeWorld('Purge Ltd', 'ops@purge.test');
const { clock, api, receiver, accessToken, accountId } = world;
const target: PurgeTarget = { ctx: api.runtime.ctx, post: api.post };
afterAll(() => world.close());

const auth = (token = accessToken) => ({ authorization: `Bearer ${token}` });
const call = (method: string, path: string, token = accessToken) =>
  api.fetch(path, { method, headers: auth(token) });
async function detail(sessionId: string): Promise<SessionDetail> {
  const res = await call('GET', `/api/sessions/${sessionId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SessionDetail;
}
/** A session sent to `who` and cancelled at once: ended, so it may be purged. */
async function endedSession(who: { title: string; name: string; email: string }) {
  const sent = await sendSession(target, accessToken, accountId, who);
  const cancelled = await api.post('/api/sessions/cancel', { sessionId: sent.sessionId }, accessToken);
  expect(cancelled.status).toBe(200);
  return sent;
}

const purgedEvents = (sessionId: string) =>
  receiver.received.filter((r) => r.event.type === 'session.purged' && r.event.data.sessionId === sessionId);

describe('DELETE /api/sessions/{id}', () => {
  it('purges an ended session: blobs deleted, personal data gone from the file, tombstone and webhook kept', async () => {
    const who = {
      title: 'Lease for Quirinus Zabriskie',
      name: 'Quirinus Zabriskie',
      email: 'q.zabriskie@purge.test',
    };
    const sent = await sendSession(target, accessToken, accountId, who);

    // Active: refused in the spec's error shape, nothing changes.
    const active = await call('DELETE', `/api/sessions/${sent.sessionId}`);
    expect(active.status).toBe(409);
    expect(await active.json()).toEqual({ error: 'session_active', message: expect.any(String) });

    await signAndComplete(api.runtime.ctx, sent, who.name);
    const before = await detail(sent.sessionId);
    expect(before).toMatchObject({ status: 'completed', legalHold: false, purge: null, retentionDays: null });
    const trail = (await (await call('GET', `/api/sessions/${sent.sessionId}/audit`)).json()) as {
      chainHead: string;
      events: unknown[];
    };
    const hashes = await blobHashes(api.runtime.ctx, sent.sessionId);
    expect(hashes).toHaveLength(3); // source, prepared, sealed
    expect(await storedBlobs(api.runtime.ctx, hashes)).toEqual(hashes);
    // The check below means something: the file holds the signer's name and email now.
    const bytesBefore = await databaseBytes(api.runtime.ctx);
    for (const text of [who.name, who.email, who.title]) expect(bytesBefore.includes(text)).toBe(true);

    const res = await call('DELETE', `/api/sessions/${sent.sessionId}`);
    expect(res.status).toBe(202);
    expect(((await res.json()) as SessionDetail).purge?.reason).toBe('requested');
    await until(
      'the purge job finished',
      async () => (await detail(sent.sessionId)).purge?.state === 'purged',
    );

    const after = await detail(sent.sessionId);
    const { id, sourceSha256, preparedSha256, finalSha256 } = documents;
    const docs = await api.runtime.ctx.db
      .select({ id, sourceSha256, preparedSha256, finalSha256 })
      .from(documents)
      .where(eq(documents.sessionId, sent.sessionId));
    expect(after).toMatchObject({
      status: 'completed',
      title: PURGED_TITLE,
      events: [],
      participants: [{ name: 'Signer 1', status: 'signed' }],
      purge: {
        state: 'purged',
        reason: 'requested',
        auditChainHead: trail.chainHead,
        auditEvents: trail.events.length,
        documents: docs.map((d) => ({
          documentId: d.id,
          sourceSha256: d.sourceSha256,
          preparedSha256: d.preparedSha256,
          finalSha256: d.finalSha256,
        })),
      },
    });
    expect(after.participants[0]!.email).toMatch(/@purged\.invalid$/);
    expect(
      new Set(after.purge!.documents.flatMap((d) => [d.sourceSha256, d.preparedSha256, d.finalSha256])),
    ).toEqual(new Set(hashes));

    // The blobs are gone from the store, and no byte of the database names the signer any more.
    expect(await storedBlobs(api.runtime.ctx, hashes)).toEqual([]);
    const bytesAfter = await databaseBytes(api.runtime.ctx);
    for (const text of [who.name, who.email, who.title]) expect(bytesAfter.includes(text)).toBe(false);
    for (const table of [fieldValues, auditEvents])
      expect(await api.runtime.ctx.db.$count(table, eq(table.sessionId, sent.sessionId))).toBe(0);

    // The document answers 410, the trail keeps only its head, the signing link is dead.
    const pdf = await call('GET', `/api/sessions/${sent.sessionId}/documents/${docs[0]!.id}`);
    expect(pdf.status).toBe(410);
    expect(await pdf.json()).toMatchObject({ error: 'session_purged' });
    expect(await (await call('GET', `/api/sessions/${sent.sessionId}/audit`)).json()).toEqual({
      sessionId: sent.sessionId,
      chainHead: trail.chainHead,
      events: [],
    });
    const link = await api.fetch(`/api/signing/${sent.signingToken}`);
    expect(link.status).toBe(410);
    expect(await link.json()).toMatchObject({ error: 'session_purged' });

    // session.purged arrives once, with the tombstone's hashes.
    const hook = await receiver.waitFor(
      (r) => r.event.type === 'session.purged' && r.event.data.sessionId === sent.sessionId,
      20_000,
    );
    expect(hook.event.data).toMatchObject({
      title: PURGED_TITLE,
      auditChainHead: trail.chainHead,
      purge: { reason: 'requested', auditEvents: trail.events.length, documents: after.purge!.documents },
    });
    expect(JSON.stringify(hook.event)).not.toContain(who.email);

    // Asking again is harmless: same tombstone, no second event.
    const again = await call('DELETE', `/api/sessions/${sent.sessionId}`);
    expect(again.status).toBe(202);
    expect(((await again.json()) as SessionDetail).purge).toEqual(after.purge);
    await api.runtime.dispatchOutbox();
    expect(purgedEvents(sent.sessionId)).toHaveLength(1);
  }, 120_000);

  it('a legal hold blocks the purge until it is released; a purged session cannot be held', async () => {
    const sent = await endedSession({ title: 'Held contract', name: 'Hal Holder', email: 'hal@purge.test' });

    const put = await call('PUT', `/api/sessions/${sent.sessionId}/legal-hold`);
    expect(put.status).toBe(200);
    const held = (await put.json()) as LegalHold;
    expect(held).toEqual({
      sessionId: sent.sessionId,
      legalHold: true,
      legalHoldSince: new Date(clock.now()).toISOString(),
    });
    clock.advance(1000);
    // Holding again keeps the original time.
    expect(await (await call('PUT', `/api/sessions/${sent.sessionId}/legal-hold`)).json()).toEqual(held);

    const refused = await call('DELETE', `/api/sessions/${sent.sessionId}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'legal_hold', message: expect.any(String) });
    expect(await detail(sent.sessionId)).toMatchObject({ legalHold: true, purge: null });
    const hashes = await blobHashes(api.runtime.ctx, sent.sessionId);
    expect(await storedBlobs(api.runtime.ctx, hashes)).toEqual(hashes);

    const released = await call('DELETE', `/api/sessions/${sent.sessionId}/legal-hold`);
    expect(await released.json()).toEqual({
      sessionId: sent.sessionId,
      legalHold: false,
      legalHoldSince: null,
    });
    expect((await call('DELETE', `/api/sessions/${sent.sessionId}`)).status).toBe(202);
    await until('purged', async () => (await detail(sent.sessionId)).purge?.state === 'purged');
    const late = await call('PUT', `/api/sessions/${sent.sessionId}/legal-hold`);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ error: 'session_purged' });
  }, 120_000);

  it('is scoped to the account: another account gets 404 on every new route and changes nothing', async () => {
    const sent = await endedSession({ title: 'Not yours', name: 'Owen Owner', email: 'owen@purge.test' });
    const other = await api.newAccount('Other Ltd', 'ops@other.test');
    for (const [method, path] of [
      ['DELETE', `/api/sessions/${sent.sessionId}`],
      ['PUT', `/api/sessions/${sent.sessionId}/legal-hold`],
      ['DELETE', `/api/sessions/${sent.sessionId}/legal-hold`],
    ] as const) {
      const res = await call(method, path, other.accessToken);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'session_not_found' });
    }
    expect(await detail(sent.sessionId)).toMatchObject({ legalHold: false, purge: null, title: 'Not yours' });
  }, 120_000);
});

describe('retention', () => {
  it('is refused out of range in both send bodies and the account settings; strict bodies stay strict', async () => {
    const file = '1Zx8kQ4rT7yWm2NvB5cD9eFgHjK3LpQ0s';
    const own = {
      cloudFileIds: [file],
      signingRequests: [{ recipients: [{ name: 'A', email: 'a@purge.test' }] }],
    };
    const template = {
      templateId: 'tpl_1',
      signingRequests: [{ recipients: [{ label: 'Signer', name: 'A', email: 'a@purge.test' }] }],
    };
    for (const [path, body] of [
      ['/api/sessions/send', { ...own, retentionDays: 0 }],
      ['/api/sessions/send', { ...own, retentionDays: 'forever' }],
      ['/api/sessions/send', { ...own, retentionDayz: 3 }],
      ['/api/templates/send', { ...template, retentionDays: 36_501 }],
      ['/api/templates/send', { ...template, retentionDays: 1.5 }],
    ] as const) {
      const res = await api.post(path, body, accessToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()) as { error: string; message: string };
      expect(error.error).toBe('invalid_request');
      expect(error.message).toMatch(/retentionDay/);
    }
    const patch = (body: unknown) =>
      api.fetch('/api/account', {
        method: 'PATCH',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await patch({ retentionDays: -1 })).status).toBe(400);
    expect(await (await patch({ retentionDays: null })).json()).toMatchObject({ retentionDays: null });
  }, 120_000);

  it('the sweep purges each ended session once its retention (send, else account) has passed, never a held one', async () => {
    const retention = await api.newAccount('Retention Ltd', 'ops@retention.test');
    // Access tokens live a day at most and the clock moves weeks: a fresh one for every step.
    const token = async () => {
      const res = await api.post('/connect/token', { refresh_token: retention.refreshToken });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const t0 = await token();
    expect((await api.post('/api/webhooks', { url: receiver.url }, t0)).status).toBe(201);
    const patched = await api.fetch('/api/account', {
      method: 'PATCH',
      headers: { ...auth(t0), 'content-type': 'application/json' },
      body: JSON.stringify({ retentionDays: 2 }),
    });
    expect(await patched.json()).toMatchObject({ retentionDays: 2 });

    const send = (title: string, retentionDays?: number) =>
      sendSession(target, t0, retention.accountId, {
        title,
        name: `${title} Signer`,
        email: `${title.toLowerCase().replaceAll(' ', '.')}@retention.test`,
        ...(retentionDays === undefined ? {} : { retentionDays }),
      });
    const oneDay = await send('One day', 1);
    const accountDefault = await send('Account default');
    const held = await send('On hold', 1);
    const stillActive = await send('Still active', 1);
    const endedAt = clock.now();
    for (const s of [oneDay, accountDefault, held]) {
      expect((await api.post('/api/sessions/cancel', { sessionId: s.sessionId }, t0)).status).toBe(200);
    }
    expect((await call('PUT', `/api/sessions/${held.sessionId}/legal-hold`, t0)).status).toBe(200);
    const read = async (s: { sessionId: string }) =>
      (await (await call('GET', `/api/sessions/${s.sessionId}`, await token())).json()) as SessionDetail;
    expect(await read(oneDay)).toMatchObject({
      retentionDays: 1,
      purgeAt: new Date(endedAt + DAY_MS).toISOString(),
    });
    expect(await read(accountDefault)).toMatchObject({
      retentionDays: 2,
      purgeAt: new Date(endedAt + 2 * DAY_MS).toISOString(),
    });
    expect(await read(held)).toMatchObject({ legalHold: true, purgeAt: null });
    expect(await read(stillActive)).toMatchObject({ retentionDays: 1, purgeAt: null });

    // Just before: nothing. Then one day: only the one-day session.
    clock.set(endedAt + DAY_MS - 1);
    expect(await sweep(api.runtime.ctx)).toMatchObject({ purged: 0 });
    clock.set(endedAt + DAY_MS);
    expect(await sweep(api.runtime.ctx)).toMatchObject({ purged: 1 });
    expect((await read(oneDay)).purge).toMatchObject({ state: 'purged', reason: 'retention' });
    expect((await read(accountDefault)).purge).toBeNull();

    clock.set(endedAt + 2 * DAY_MS);
    expect(await sweep(api.runtime.ctx)).toMatchObject({ purged: 1 });
    expect((await read(accountDefault)).purge).toMatchObject({ state: 'purged', reason: 'retention' });
    // Long after: the held and the active sessions stay.
    clock.advance(30 * DAY_MS);
    expect(await sweep(api.runtime.ctx)).toMatchObject({ purged: 0 });
    expect(await read(held)).toMatchObject({ purge: null, legalHold: true });
    expect(await read(stillActive)).toMatchObject({ purge: null });

    // Released: the next sweep purges it (its retention passed long ago).
    expect((await call('DELETE', `/api/sessions/${held.sessionId}/legal-hold`, await token())).status).toBe(
      200,
    );
    expect(await sweep(api.runtime.ctx)).toMatchObject({ purged: 1 });
    expect((await read(held)).purge).toMatchObject({ state: 'purged', reason: 'retention' });

    // One session.purged each, saying why.
    for (const s of [oneDay, accountDefault, held]) {
      const hook = await receiver.waitFor(
        (r) => r.event.type === 'session.purged' && r.event.data.sessionId === s.sessionId,
        20_000,
      );
      expect(hook.event.data).toMatchObject({ purge: { reason: 'retention' } });
    }
    await api.runtime.dispatchOutbox();
    for (const s of [oneDay, accountDefault, held]) expect(purgedEvents(s.sessionId)).toHaveLength(1);
    expect(purgedEvents(stillActive.sessionId)).toHaveLength(0);
  }, 120_000);
});
