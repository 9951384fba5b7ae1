import { memberPolicy } from '@countersign/core';
import { members, outbox } from '@countersign/db';
import { runCli } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { linkToken, WebClient } from './web-support.ts';

// Inviting members (POST /api/members) through real HTTP and a real SMTP server: the invitation says who invited
// whom to which account in the account's language, its link lasts 7 days, invites are throttled per address
// (across accounts) and per account, and names that reach emails refuse control characters.

const world = await startApiWorld({ worker: false, smtp: true });
const { api, clock, smtp } = world;
afterAll(() => world.close());

const mailTo = (address: string) => (m: { to?: unknown }) => JSON.stringify(m.to).includes(address);
const emailedLink = (text: string | undefined) =>
  /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(text ?? '')?.[0] ?? '';
const memberCount = async (email: string) =>
  (await api.runtime.db.select().from(members).where(eq(members.email, email))).length;

/** The invitation emailed to `address`: its subject, and lines its text part holds. */
async function invitation(address: string, subject: string, lines: string[]) {
  const mail = await smtp.waitFor(mailTo(address));
  expect(mail.subject).toBe(subject);
  for (const line of lines) expect(mail.text).toContain(line);
  return mail;
}

/** An account and its owner's web session; the owner has a name, which the invitation shows. */
async function ownerOf(name: string, email: string) {
  const account = await api.newAccount(name, email);
  await api.runtime.db
    .update(members)
    .set({ name: 'Olga Owner' })
    .where(eq(members.id, account.ownerMemberId));
  return { account, owner: await WebClient.forMember(api, account.ownerMemberId) };
}

describe('the invitation', () => {
  it('says who invited whom to which account, and its link works for 7 days, once', async () => {
    const { owner } = await ownerOf('Harbour Lettings', 'owner@harbour.test');
    const res = await owner.post('/api/members', { email: 'dana@harbour.test', name: 'Dana' });
    expect(res.status).toBe(201);
    const mail = await invitation('dana@harbour.test', 'Olga Owner invited you to “Harbour Lettings”', [
      'Hi Dana,',
      'Olga Owner has invited you to the Countersign account “Harbour Lettings”.',
      'Accept the invitation',
    ]);
    const expires = new Date(clock.now() + memberPolicy.INVITE_LINK_TTL_MS);
    expect(mail.text).toContain(`until ${expires.getUTCDate()} `);
    expect(mail.html).toContain('lang="en"');

    // Six days and 23 hours later the link still signs in (a sign-in link lasts 15 minutes).
    clock.advance(memberPolicy.INVITE_LINK_TTL_MS - 3_600_000);
    const dana = await WebClient.signIn(api, linkToken(emailedLink(mail.text)));
    const me = (await (await dana.get('/api/me')).json()) as { account: { name: string } };
    expect(me.account.name).toBe('Harbour Lettings');
  });

  it('a link older than 7 days is refused', async () => {
    const { owner } = await ownerOf('Late Ltd', 'owner@late.test');
    expect((await owner.post('/api/members', { email: 'lou@late.test' })).status).toBe(201);
    const mail = await smtp.waitFor(mailTo('lou@late.test'));
    clock.advance(memberPolicy.INVITE_LINK_TTL_MS + 1);
    const res = await api.post('/api/auth/sign-in/verify', { token: linkToken(emailedLink(mail.text)) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('sign_in_link_invalid');
  });

  it("is in the account's default language, and a token's invite names the account", async () => {
    const { account } = await ownerOf('Kanzlei Weber', 'owner@weber.test');
    const put = await api.fetch('/api/account/branding', {
      method: 'PUT',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ defaultLocale: 'de' }),
    });
    expect(put.status).toBe(200);
    const res = await api.post(
      '/api/members',
      { email: 'jonas@weber.test', name: 'Jonas' },
      account.accessToken,
    );
    expect(res.status).toBe(201);
    const mail = await invitation('jonas@weber.test', 'Kanzlei Weber hat Sie zu „Kanzlei Weber“ eingeladen', [
      'Hallo Jonas,',
      'Einladung annehmen',
    ]);
    expect(mail.html).toContain('lang="de"');
  });
});

describe('throttles', () => {
  it('at most 10 invites to one address per hour, whichever accounts send them', async () => {
    const address = 'popular@invited.test';
    const accounts = await Promise.all(
      [0, 1, 2].map((i) => ownerOf(`Sender ${i}`, `owner${i}@senders.test`)),
    );
    // Invited and removed again, by turns from two accounts: each invite is an email to the address.
    for (let i = 0; i < memberPolicy.INVITE_EMAILS_PER_ADDRESS; i++) {
      const { owner } = accounts[i % 2]!;
      const res = await owner.post('/api/members', { email: address });
      expect(res.status).toBe(201);
      const { memberId } = (await res.json()) as { memberId: string };
      expect((await owner.delete(`/api/members/${memberId}`)).status).toBe(204);
    }
    const emailsBefore = (await api.runtime.db.select().from(outbox)).length;
    const refused = await accounts[2]!.owner.post('/api/members', { email: 'Popular@Invited.test' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      message: 'too many invites to this address requested; try again in 60 minutes',
    });
    expect(await memberCount(address)).toBe(0);
    expect((await api.runtime.db.select().from(outbox)).length).toBe(emailsBefore);

    // An hour later the address may be invited again.
    clock.advance(memberPolicy.INVITE_WINDOW_MS);
    expect((await accounts[2]!.owner.post('/api/members', { email: address })).status).toBe(201);
  });

  it(`at most ${memberPolicy.INVITES_PER_ACCOUNT} invites per account per hour; a refused one counts for nothing`, async () => {
    const { owner } = await ownerOf('Busy Ltd', 'owner@busy.test');
    // An existing member is refused (409) and counts against neither throttle.
    expect((await owner.post('/api/members', { email: 'owner@busy.test' })).status).toBe(409);
    for (let i = 0; i < memberPolicy.INVITES_PER_ACCOUNT; i++) {
      expect((await owner.post('/api/members', { email: `team${i}@busy.test` })).status).toBe(201);
    }
    const refused = await owner.post('/api/members', { email: 'one-more@busy.test' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(((await refused.json()) as { message: string }).message).toBe(
      'too many invites from this account requested; try again in 60 minutes',
    );
    expect(await memberCount('one-more@busy.test')).toBe(0);
  });
});

describe('names that reach emails refuse control characters', () => {
  it.each([
    ['name', 'Acme\r\nBcc: victim@example.test', 'name: must not contain control characters'],
    ['name', 'Acme\u0007', 'name: must not contain control characters'],
    ['defaultSenderName', 'Acme\nSales', 'defaultSenderName: must not contain control characters'],
    ['defaultSenderName', 'Acme\u0085Sales', 'defaultSenderName: must not contain control characters'],
  ])('PATCH /api/account %s %j: 400', async (field, value, message) => {
    const { account, owner } = await ownerOf(
      `Patch ${field} ${value.length}`,
      `owner-${value.length}@patch.test`,
    );
    const res = await owner.patch('/api/account', { [field]: value });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message });
    const me = (await (await api.post('/connect/token', { refresh_token: account.refreshToken })).json()) as {
      access_token: string;
    };
    const after = (await (
      await api.fetch('/api/account', { headers: { authorization: `Bearer ${me.access_token}` } })
    ).json()) as Record<string, unknown>;
    expect(after[field]).not.toBe(value);
  });

  it("an invited member's name", async () => {
    const { owner } = await ownerOf('Names Ltd', 'owner@names.test');
    const res = await owner.post('/api/members', { email: 'n@names.test', name: 'Ned\r\nSubject: hi' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      message: 'name: must not contain control characters',
    });
    expect(await memberCount('n@names.test')).toBe(0);
  });

  it('pnpm cli accounts create --name', async () => {
    const env = { ...api.dataEnv, SMTP_URL: '', REDIS_URL: '' };
    const res = await runCli(['accounts', 'create', '--name', 'Evil\nCo', '--email', 'evil@cli.test'], env);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('--name: must not contain control characters');
  }, 60_000);
});
