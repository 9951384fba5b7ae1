import { expireDueSessions } from '@countersign/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningWorld, startSigningWorld } from './signing-setup.ts';

let w: SigningWorld;
beforeAll(async () => {
  w = await startSigningWorld();
});
afterAll(() => w.close());

const typed = (value: string) => ({ kind: 'typed' as const, value });

async function cancel(body: unknown) {
  const res = await w.api.post('/api/sessions/cancel', body, await w.accessToken());
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/sessions/cancel (spec 4.4 and the transition table)', () => {
  it('active -> cancelled: links revoked, reason recorded; repeating answers alreadyCancelled', async () => {
    const s = await w.send({ recipients: [{ name: 'Ann' }, { name: 'Bob' }], authRequirement: 'public' });
    expect(await cancel({ sessionId: s.sessionId, reason: 'Wrong counterparty' })).toEqual({
      status: 200,
      body: { sessionId: s.sessionId, cancelled: true, alreadyCancelled: false },
    });
    const detail = (await (
      await w.api.fetch(`/api/sessions/${s.sessionId}`, {
        headers: { authorization: `Bearer ${await w.accessToken()}` },
      })
    ).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'Wrong counterparty' });
    for (const token of s.tokens) {
      const res = await w.signer(token).request('GET');
      expect(res.status).toBe(410);
      expect(((await res.json()) as { error: string }).error).toBe('session_cancelled');
    }
    expect((await w.auditOf(s.sessionId)).some((e) => e.type === 'session.cancelled')).toBe(true);
    expect(await cancel({ sessionId: s.sessionId })).toMatchObject({
      status: 200,
      body: { cancelled: true, alreadyCancelled: true },
    });
  });

  it('declined and expired sessions answer alreadyCancelled true and stay as they are', async () => {
    const declined = await w.send({ recipients: [{ name: 'Cid' }], authRequirement: 'public' });
    expect((await w.signer(declined.tokens[0]!).decline({ reason: 'Not mine' })).status).toBe(200);
    expect(await cancel({ sessionId: declined.sessionId })).toMatchObject({
      status: 200,
      body: { alreadyCancelled: true },
    });

    const expiring = await w.send({
      recipients: [{ name: 'Dee' }],
      authRequirement: 'public',
      expiresInDays: 1,
    });
    w.clock.advance(86_400_000 + 1000);
    expect(await expireDueSessions(w.api.runtime.ctx)).toBeGreaterThanOrEqual(1);
    expect(await cancel({ sessionId: expiring.sessionId })).toMatchObject({
      status: 200,
      body: { alreadyCancelled: true },
    });
    const detail = (await (
      await w.api.fetch(`/api/sessions/${expiring.sessionId}`, {
        headers: { authorization: `Bearer ${await w.accessToken()}` },
      })
    ).json()) as Record<string, unknown>;
    expect(detail.status).toBe('expired');
  });

  it('a session past its expiry that no sweep has reached yet is expired, not cancelled', async () => {
    const due = await w.send({ recipients: [{ name: 'Dot' }], authRequirement: 'public', expiresInDays: 1 });
    w.clock.advance(86_400_000 + 1000);
    expect(await cancel({ sessionId: due.sessionId, reason: 'Too late' })).toMatchObject({
      status: 200,
      body: { cancelled: true, alreadyCancelled: true },
    });
    const types = (await w.auditOf(due.sessionId)).map((e) => e.type);
    expect(types).toContain('session.expired');
    expect(types).not.toContain('session.cancelled');
    expect(await expireDueSessions(w.api.runtime.ctx)).toBe(0);
  });

  it('answers 409 once every signer has completed, and the signed documents stand', async () => {
    const s = await w.send({ recipients: [{ name: 'Eve' }], authRequirement: 'public' });
    expect((await w.signer(s.tokens[0]!).sign({ values: [], signature: typed('Eve') })).status).toBe(200);
    const res = await cancel({ sessionId: s.sessionId });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('session_completed');
  });

  it("answers 404 for an unknown or another account's session, and 400 for bad bodies", async () => {
    expect((await cancel({ sessionId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    // UUID syntax is enough: version and variant bits are the issuer's business.
    expect((await cancel({ sessionId: '12345678-1234-1234-1234-123456789012' })).status).toBe(404);
    const other = await w.api.newAccount('Other');
    const mine = await w.send({ recipients: [{ name: 'Fay' }], authRequirement: 'public' });
    const foreign = await w.api.post(
      '/api/sessions/cancel',
      { sessionId: mine.sessionId },
      other.accessToken,
    );
    expect(foreign.status).toBe(404);
    for (const [body, fragment] of [
      [{ sessionId: 'not-a-uuid' }, 'sessionId: must be a UUID'],
      [{ sessionId: mine.sessionId, reason: '' }, 'reason'],
      [{ sessionId: mine.sessionId, reason: 'x'.repeat(501) }, 'reason'],
      [{ sessionId: mine.sessionId, extra: true }, 'extra: unknown property'],
      [{}, 'sessionId'],
    ] as const) {
      const res = await cancel(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toContain(fragment);
    }
    // A 500-character reason is fine; nothing above changed the session.
    expect((await cancel({ sessionId: mine.sessionId, reason: 'x'.repeat(500) })).body).toMatchObject({
      alreadyCancelled: false,
    });
  });
});
