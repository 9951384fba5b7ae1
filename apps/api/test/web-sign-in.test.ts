import { memberPolicy } from '@countersign/core';
import { accounts, memberSessions, outbox } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { linkToken, WebClient } from './web-support.ts';

// People in the web app, through real HTTP on loopback and a real SMTP server: sign-in links (emailed and
// printed), cookie sessions with idle and absolute expiry, CSRF checks on writes, sign-out and revocation,
// members invited and removed by owners, and account scoping of everything a cookie reaches.

const world = await startApiWorld({ worker: false, smtp: true });
const { api, clock, smtp } = world;
afterAll(() => world.close());

const sessionCount = async () => (await api.runtime.db.select().from(memberSessions)).length;
const mailTo = (address: string) => (m: { to?: unknown }) => JSON.stringify(m.to).includes(address);
const emailedLink = (text: string | undefined) =>
  /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(text ?? '')?.[0] ?? '';

describe('signing in', () => {
  it('the link printed for a new owner signs in once and sets a HttpOnly, SameSite=Lax cookie', async () => {
    const acme = await api.newAccount('Acme Sign-in', 'owner@signin.test');
    const { createSignInLink } = await import('@countersign/core');
    const { url } = await createSignInLink(api.runtime.ctx, acme.ownerMemberId);
    expect(url).toMatch(/\/app\/sign-in#token=cssl_/);
    const res = await api.post('/api/auth/sign-in/verify', { token: linkToken(url) });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^cs_session=csms_/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // http PUBLIC_URL
    const me = (await res.json()) as { member: { role: string; email: string }; account: { name: string } };
    expect(me.member).toMatchObject({ role: 'owner', email: 'owner@signin.test' });
    expect(me.account.name).toBe('Acme Sign-in');

    // The same link again: refused, no second session.
    const before = await sessionCount();
    const again = await api.post('/api/auth/sign-in/verify', { token: linkToken(url) });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('sign_in_link_invalid');
    expect(await sessionCount()).toBe(before);
  });

  it('emails a link through the outbox to a member address; the link signs in', async () => {
    await api.newAccount('Mailed Ltd', 'mailed@signin.test');
    const res = await api.post('/api/auth/sign-in', { email: 'Mailed@Signin.test' });
    expect(res.status).toBe(202);
    const mail = await smtp.waitFor(mailTo('mailed@signin.test'));
    expect(mail.subject).toBe('Your Countersign sign-in link');
    const web = await WebClient.signIn(api, linkToken(emailedLink(mail.text)));
    const me = await web.get('/api/me');
    expect(((await me.json()) as { member: { email: string } }).member.email).toBe('mailed@signin.test');
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const res = await api.post('/api/auth/sign-in', { email: 'nobody@signin.test' });
    expect(res.status).toBe(202);
    // Its job ran (sign-in-timing.test.ts shows the request itself is a member's), and queued no email.
    await expect
      .poll(async () => (await api.runtime.db.select().from(outbox)).filter((r) => !r.deliveredAt).length)
      .toBe(0);
    const emailed = (await api.runtime.db.select().from(outbox))
      .filter((r) => r.kind === 'email')
      .flatMap((r) => (r.payload as { to: string[] }).to);
    expect(emailed).not.toContain('nobody@signin.test');
  });

  it('an expired link is refused with a clear error and starts no session', async () => {
    const acme = await api.newAccount('Expiry Ltd', 'expiry@signin.test');
    const { createSignInLink } = await import('@countersign/core');
    const { url } = await createSignInLink(api.runtime.ctx, acme.ownerMemberId);
    clock.advance(memberPolicy.SIGN_IN_LINK_TTL_MS + 1);
    const before = await sessionCount();
    const res = await api.post('/api/auth/sign-in/verify', { token: linkToken(url) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('sign_in_link_invalid');
    expect(body.message).toMatch(/expired/);
    expect(await sessionCount()).toBe(before);
  });

  it('throttles sign-in emails per address', async () => {
    await api.newAccount('Throttle Ltd', 'throttle@signin.test');
    for (let i = 0; i < memberPolicy.SIGN_IN_EMAILS_PER_ADDRESS; i++) {
      expect((await api.post('/api/auth/sign-in', { email: 'throttle@signin.test' })).status).toBe(202);
    }
    const rowsBefore = (await api.runtime.db.select().from(outbox)).length;
    const res = await api.post('/api/auth/sign-in', { email: 'throttle@signin.test' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toBe('rate_limited');
    expect((await api.runtime.db.select().from(outbox)).length).toBe(rowsBefore);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await api.post('/api/auth/sign-in', { email: 'x@signin.test' }, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('forbidden');
  });
});

describe('cookie sessions', () => {
  it('refuses cross-origin and token-less writes and changes nothing', async () => {
    const acme = await api.newAccount('Csrf Ltd', 'csrf@signin.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const name = async () =>
      (await api.runtime.db.select().from(accounts).where(eq(accounts.id, acme.accountId)).limit(1))[0]!.name;
    const attempts: Record<string, string>[] = [
      { 'x-csrf-token': '' }, // no token
      { 'x-csrf-token': 'forged' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const res = await web.patch('/api/account', { name: 'Hijacked' }, headers);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('forbidden');
      expect(body.message.length).toBeGreaterThan(10);
    }
    // A plain cross-site form post carries the cookie but none of the app's headers.
    const form = await api.fetch('/api/account', {
      method: 'PATCH',
      headers: { cookie: web.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hijacked' }),
    });
    expect(form.status).toBe(403);
    expect(await name()).toBe('Csrf Ltd');
    const ok = await web.patch('/api/account', { name: 'Csrf Renamed', defaultSenderName: 'Csrf Sales' });
    expect(ok.status).toBe(200);
    expect(await name()).toBe('Csrf Renamed');
  });

  it('lists own sessions, revokes one (401 after), and signs out', async () => {
    const acme = await api.newAccount('Revoke Ltd', 'revoke@signin.test');
    const laptop = await WebClient.forMember(api, acme.ownerMemberId);
    const phone = await WebClient.forMember(api, acme.ownerMemberId);
    const list = (await (await laptop.get('/api/me/sessions')).json()) as {
      sessions: { sessionId: string; current: boolean }[];
    };
    expect(list.sessions).toHaveLength(2);
    const other = list.sessions.find((s) => !s.current)!;
    expect((await laptop.delete(`/api/me/sessions/${other.sessionId}`)).status).toBe(204);
    const revoked = await phone.get('/api/me');
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { message: string }).message).toMatch(/expired or was revoked/);
    expect((await phone.patch('/api/account', { name: 'Revoked write' })).status).toBe(401);

    expect((await laptop.post('/api/auth/sign-out')).status).toBe(204);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect(
      (await api.runtime.db.select().from(accounts).where(eq(accounts.id, acme.accountId)).limit(1))[0]!.name,
    ).toBe('Revoke Ltd');
  });

  it('ends after the idle limit, and after the absolute limit despite activity', async () => {
    const acme = await api.newAccount('Idle Ltd', 'idle@signin.test');
    const idle = await WebClient.forMember(api, acme.ownerMemberId);
    const busy = await WebClient.forMember(api, acme.ownerMemberId);
    clock.advance(memberPolicy.SESSION_IDLE_MS - 60_000);
    expect((await busy.get('/api/me')).status).toBe(200);
    clock.advance(120_000);
    expect((await idle.get('/api/me')).status).toBe(401);
    // Keep the other one active until its absolute end.
    let elapsed = memberPolicy.SESSION_IDLE_MS + 60_000;
    while (elapsed + memberPolicy.SESSION_IDLE_MS / 2 < memberPolicy.SESSION_ABSOLUTE_MS) {
      clock.advance(memberPolicy.SESSION_IDLE_MS / 2);
      elapsed += memberPolicy.SESSION_IDLE_MS / 2;
      expect((await busy.get('/api/me')).status).toBe(200);
    }
    clock.advance(memberPolicy.SESSION_ABSOLUTE_MS - elapsed + 1);
    expect((await busy.get('/api/me')).status).toBe(401);
  });

  it('a bearer token reaches the account but not member-only routes', async () => {
    const acme = await api.newAccount('Bearer Ltd', 'bearer@signin.test');
    const me = await api.fetch('/api/me', { headers: { authorization: `Bearer ${acme.accessToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ member: null, csrfToken: null, account: { name: 'Bearer Ltd' } });
    const sessions = await api.fetch('/api/me/sessions', {
      headers: { authorization: `Bearer ${acme.accessToken}` },
    });
    expect(sessions.status).toBe(403);
  });
});

describe('members', () => {
  it('an owner invites a member (emailed link), members cannot manage members, removal ends their sessions', async () => {
    const acme = await api.newAccount('Team Ltd', 'owner@team.test');
    const owner = await WebClient.forMember(api, acme.ownerMemberId);
    const invited = await owner.post('/api/members', { email: 'Dana@Team.test', name: 'Dana' });
    expect(invited.status).toBe(201);
    const dana = (await invited.json()) as { memberId: string; role: string; email: string };
    expect(dana).toMatchObject({ role: 'member', email: 'dana@team.test' });
    expect((await owner.post('/api/members', { email: 'dana@team.test' })).status).toBe(409);

    const mail = await smtp.waitFor(mailTo('dana@team.test'));
    expect(mail.subject).toBe('owner@team.test invited you to “Team Ltd”');
    const danaWeb = await WebClient.signIn(api, linkToken(emailedLink(mail.text)));

    const refused = await danaWeb.post('/api/members', { email: 'eve@team.test' });
    expect(refused.status).toBe(403);
    expect((await danaWeb.delete(`/api/members/${acme.ownerMemberId}`)).status).toBe(403);
    const list = (await (await danaWeb.get('/api/members')).json()) as { members: { email: string }[] };
    expect(list.members.map((m) => m.email)).toEqual(['owner@team.test', 'dana@team.test']);

    expect((await owner.delete(`/api/members/${acme.ownerMemberId}`)).status).toBe(409); // last owner
    expect((await owner.delete(`/api/members/${dana.memberId}`)).status).toBe(204);
    expect((await danaWeb.get('/api/me')).status).toBe(401);
  });

  it("another account's ids are 404 to a member, and nothing changes", async () => {
    const a = await api.newAccount('Alpha Ltd', 'owner@alpha.test');
    const b = await api.newAccount('Beta Ltd', 'owner@beta.test');
    const alpha = await WebClient.forMember(api, a.ownerMemberId);
    const beta = await WebClient.forMember(api, b.ownerMemberId);
    const invited = (await (await alpha.post('/api/members', { email: 'x@alpha.test' })).json()) as {
      memberId: string;
    };
    const res = await beta.delete(`/api/members/${invited.memberId}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('member_not_found');
    const list = (await (await alpha.get('/api/members')).json()) as { members: unknown[] };
    expect(list.members).toHaveLength(2);
    const alphaSessions = (await (await alpha.get('/api/me/sessions')).json()) as {
      sessions: { sessionId: string }[];
    };
    expect((await beta.delete(`/api/me/sessions/${alphaSessions.sessions[0]!.sessionId}`)).status).toBe(404);
    expect((await alpha.get('/api/me')).status).toBe(200);
  });
});
