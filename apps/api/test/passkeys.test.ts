import { memberPolicy } from '@countersign/core';
import { memberSessions } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { SoftwarePasskey } from './fixtures/software-passkey.ts';
import { WebClient } from './web-support.ts';

// Passkeys over real HTTP, with a software authenticator that can send what a browser would not: registration
// and sign-in, the member's list (rename, remove), and every way an answer is refused: a replayed or expired
// challenge, another member's challenge, another origin or RP ID, a counter that did not move on, a removed
// passkey; plus scoping, CSRF, bearer tokens and the throttle. The browser's side: web/passkeys-page.test.ts.

const world = await startApiWorld({ worker: false });
const { api, clock } = world;
const { origin, hostname: rpId } = new URL(api.config.publicUrl);
afterAll(() => world.close());

type Options = { challenge: string; user: { id: string }; rp: { id: string }; excludeCredentials: unknown[] };
type Problem = { error: string; message: string };

async function json<T>(res: Response, status: number): Promise<T> {
  const body = (await res.json()) as T;
  expect({ status: res.status, body }).toMatchObject({ status });
  return body;
}

/** A member with a passkey registered through the routes the app uses. */
async function memberWithPasskey(name: string) {
  const account = await api.newAccount(name, `owner@${name.toLowerCase()}.test`);
  const web = await WebClient.forMember(api, account.ownerMemberId);
  const passkey = new SoftwarePasskey(rpId);
  const options = await json<Options>(await web.post('/api/me/passkeys/options', {}), 200);
  const created = await json<{ passkeyId: string; label: string }>(
    await web.post('/api/me/passkeys', { label: 'Laptop', response: passkey.create(options, { origin }) }),
    201,
  );
  return { account, web, passkey, passkeyId: created.passkeyId };
}

const signInOptions = async () =>
  json<{ challenge: string }>(await api.post('/api/auth/sign-in/passkey/options', {}), 200);
const signIn = (response: unknown) => api.post('/api/auth/sign-in/passkey', { response });

describe('passkeys', () => {
  it('registers a passkey, signs in with it, renames and removes it; a removed one signs in no more', async () => {
    const { account, web, passkey, passkeyId } = await memberWithPasskey('Keys');
    const options = await json<Options>(await web.post('/api/me/passkeys/options', {}), 200);
    // The RP is PUBLIC_URL's host; the member's passkeys are excluded from a second registration.
    expect(options.rp.id).toBe(rpId);
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: passkey.id })]);
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(account.ownerMemberId);

    const list = await json<{ passkeys: unknown[] }>(await web.get('/api/me/passkeys'), 200);
    expect(list.passkeys).toEqual([
      { passkeyId, label: 'Laptop', createdAt: new Date(clock.now()).toISOString(), lastUsedAt: null },
    ]);

    clock.advance(60_000);
    const res = await signIn(passkey.get(await signInOptions(), { origin }));
    const me = await json<{ member: { memberId: string }; csrfToken: string }>(res, 200);
    expect(me.member.memberId).toBe(account.ownerMemberId);
    expect(res.headers.get('set-cookie')).toMatch(/^cs_session=csms_.*HttpOnly/i);
    const sessions = await api.runtime.db
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.memberId, account.ownerMemberId));
    expect(sessions.map((s) => s.method).sort()).toEqual(['link', 'passkey']);

    const renamed = await json<{ label: string; lastUsedAt: string }>(
      await web.patch(`/api/me/passkeys/${passkeyId}`, { label: 'Work laptop' }),
      200,
    );
    expect(renamed).toMatchObject({ label: 'Work laptop', lastUsedAt: new Date(clock.now()).toISOString() });

    expect((await web.delete(`/api/me/passkeys/${passkeyId}`)).status).toBe(204);
    expect(await json(await web.get('/api/me/passkeys'), 200)).toEqual({ passkeys: [] });
    const removed = await json<Problem>(await signIn(passkey.get(await signInOptions(), { origin })), 400);
    expect(removed).toEqual({
      error: 'passkey_failed',
      message:
        'the passkey could not be verified: this passkey is not registered here (it may have been removed); ' +
        'sign in with an emailed link',
    });
    expect(await json<Problem>(await web.delete(`/api/me/passkeys/${passkeyId}`), 404)).toMatchObject({
      error: 'passkey_not_found',
    });
  }, 60_000);

  it('refuses a replayed, expired or forged answer, and a counter that went back', async () => {
    const { web, passkey } = await memberWithPasskey('Forgery');
    const sessionsBefore = (await api.runtime.db.select().from(memberSessions)).length;

    // One answer works once: the challenge is spent by the first use.
    const answer = passkey.get(await signInOptions(), { origin });
    expect((await signIn(answer)).status).toBe(200);
    expect(await json<Problem>(await signIn(answer), 400)).toEqual({
      error: 'passkey_failed',
      message:
        'the passkey could not be verified: its challenge is unknown, already used or expired; start again',
    });

    // Signed for another origin (a phishing site relaying our challenge): refused, and that challenge is spent.
    const phished = await json<Problem>(
      await signIn(passkey.get(await signInOptions(), { origin: 'https://countersign.evil.test' })),
      400,
    );
    expect(phished.message).toMatch(
      /origin "https:\/\/countersign\.evil\.test", expected "http:\/\/localhost:\d+"/,
    );

    // For another RP ID (a credential scoped to another site).
    const elsewhere = new SoftwarePasskey('evil.test');
    const options = await json<Options>(await web.post('/api/me/passkeys/options', {}), 200);
    const wrongRp = await json<Problem>(
      await web.post('/api/me/passkeys', { response: elsewhere.create(options, { origin }) }),
      400,
    );
    expect(wrongRp.message).toMatch(/RP ID/);

    // A counter that did not move on past the one stored at the last sign-in (a cloned authenticator): refused.
    passkey.counter = 1;
    const stale = await json<Problem>(
      await signIn(passkey.get(await signInOptions(), { origin }, { bumpCounter: false })),
      400,
    );
    expect(stale.message).toMatch(/counter/i);

    // A challenge older than 5 minutes: gone.
    const old = await signInOptions();
    clock.advance(memberPolicy.PASSKEY_CHALLENGE_TTL_MS + 1);
    expect((await json<Problem>(await signIn(passkey.get(old, { origin })), 400)).message).toMatch(
      /challenge is unknown, already used or expired/,
    );
    // A challenge the server never gave.
    expect(
      (await json<Problem>(await signIn(passkey.get({ challenge: 'bm90LWdpdmVu' }, { origin })), 400))
        .message,
    ).toMatch(/challenge is unknown/);

    // Only the first answer started a session.
    expect((await api.runtime.db.select().from(memberSessions)).length).toBe(sessionsBefore + 1);
    // The passkey still works with a good answer.
    expect((await signIn(passkey.get(await signInOptions(), { origin }))).status).toBe(200);
  }, 60_000);

  it("keeps passkeys to their member: another member's challenge or passkey id, bearer tokens, CSRF", async () => {
    const alice = await memberWithPasskey('Alice');
    const bob = await memberWithPasskey('Bob');

    // Bob cannot register with a challenge handed to Alice.
    const aliceOptions = await json<Options>(await alice.web.post('/api/me/passkeys/options', {}), 200);
    const stolen = await json<Problem>(
      await bob.web.post('/api/me/passkeys', {
        response: new SoftwarePasskey(rpId).create(aliceOptions, { origin }),
      }),
      400,
    );
    expect(stolen.message).toMatch(/challenge is unknown, already used or expired/);
    // The same credential twice: refused.
    const again = await json<Options>(await alice.web.post('/api/me/passkeys/options', {}), 200);
    expect(
      (
        await json<Problem>(
          await alice.web.post('/api/me/passkeys', { response: alice.passkey.create(again, { origin }) }),
          400,
        )
      ).message,
    ).toMatch(/registered already/);

    // Bob cannot see, rename or remove Alice's passkey: 404, as if it did not exist.
    expect(
      await json(await bob.web.patch(`/api/me/passkeys/${alice.passkeyId}`, { label: 'Mine' }), 404),
    ).toMatchObject({
      error: 'passkey_not_found',
    });
    expect((await bob.web.delete(`/api/me/passkeys/${alice.passkeyId}`)).status).toBe(404);
    const bobs = await json<{ passkeys: { passkeyId: string }[] }>(
      await bob.web.get('/api/me/passkeys'),
      200,
    );
    expect(bobs.passkeys.map((p) => p.passkeyId)).toEqual([bob.passkeyId]);

    // A bearer token is no person; a write without the CSRF token or from another site is refused.
    const bearer = await api.fetch('/api/me/passkeys', {
      headers: { authorization: `Bearer ${alice.account.accessToken}` },
    });
    expect((await json<Problem>(bearer, 403)).error).toBe('forbidden');
    const noCsrf = await alice.web.fetch('DELETE', `/api/me/passkeys/${alice.passkeyId}`, undefined, {
      'x-csrf-token': '',
    });
    expect((await json<Problem>(noCsrf, 403)).message).toMatch(/X-CSRF-Token/);
    const crossSite = await api.post('/api/auth/sign-in/passkey/options', {}, undefined, {
      origin: 'https://evil.test',
      'sec-fetch-site': 'cross-site',
    });
    expect((await json<Problem>(crossSite, 403)).message).toMatch(/cross-site request refused/);
    expect((await alice.web.get('/api/me/passkeys').then((r) => r.json())) as unknown).toMatchObject({
      passkeys: [{ passkeyId: alice.passkeyId }],
    });

    // Strict bodies, clear reasons.
    const unknown = await json<Problem>(await alice.web.post('/api/me/passkeys/options', { extra: 1 }), 400);
    expect(unknown).toMatchObject({
      error: 'invalid_request',
      message: expect.stringMatching(/extra: unknown property/),
    });
    const badLabel = await json<Problem>(
      await alice.web.patch(`/api/me/passkeys/${alice.passkeyId}`, { label: '' }),
      400,
    );
    expect(badLabel.message).toMatch(/label/);
    const garbage = await json<Problem>(
      await signIn({
        ...alice.passkey.get(await signInOptions(), { origin }),
        response: { clientDataJSON: '!!', authenticatorData: '', signature: '' },
      }),
      400,
    );
    expect(garbage.message).toMatch(/clientDataJSON: must be base64url/);
  }, 60_000);

  it('throttles passkey sign-in starts per client address', async () => {
    clock.advance(memberPolicy.SIGN_IN_WINDOW_MS);
    for (let i = 0; i < memberPolicy.PASSKEY_SIGN_INS_PER_CLIENT; i++) await signInOptions();
    const limited = await api.post('/api/auth/sign-in/passkey/options', {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as Problem).message).toMatch(/too many passkey sign-ins requested/);
  }, 60_000);
});
