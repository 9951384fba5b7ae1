import { members } from '@countersign/db';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { type SigningWorld, signBody, startSigningWorld } from './signing-setup.ts';
import { WebClient } from './web-support.ts';

// Issue 31, part 6: the member who sends a session from the web app is emailed when it completes or is declined,
// in their language, unless they turned it off (PATCH /api/me/preferences, theirs alone); the account's outcome
// address (PATCH /api/account) gets every outcome, token sends included, test sessions not. Real SMTP.

const world: SigningWorld = await startSigningWorld();
afterAll(() => world.close());
const { api, smtp } = world;

const ownerId = async () =>
  (await api.runtime.ctx.db.select().from(members).where(eq(members.accountId, world.accountId)))[0]!;

const to = (m: ParsedMail): string[] =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** The first email to `address` whose subject matches, waited for. */
const mailTo = (address: string, subject: RegExp) =>
  smtp.waitFor((m) => to(m).includes(address) && subject.test(m.subject ?? ''), 15_000);

/** Own-PDF send by `web` (a member's cookie) or a bearer token; the one signer's link token. */
async function send(by: WebClient | string, title: string, signer: string) {
  const body = {
    cloudFileIds: [world.cloudFileId],
    title,
    authRequirement: 'public',
    notify: false,
    signingRequests: [
      { recipients: [{ name: signer, email: `${signer.split(' ')[0]!.toLowerCase()}@out.test` }] },
    ],
  };
  const res =
    typeof by === 'string'
      ? await api.post('/api/sessions/send', body, by)
      : await by.post('/api/sessions/send', body);
  expect(res.status).toBe(200);
  const row = (
    (await res.json()) as { rows: { sessionId: string; participants: { signingUrl: string }[] }[] }
  ).rows[0]!;
  return { sessionId: row.sessionId, token: row.participants[0]!.signingUrl.split('/s/')[1]! };
}

describe('outcome emails', () => {
  it('tells the sending member of a completion, with the signers and a link to the session', async () => {
    const owner = await ownerId();
    const web = await WebClient.forMember(api, owner.id);
    const sent = await send(web, 'Offer to Ada', 'Ada Lovelace');
    const signer = world.signer(sent.token);
    expect((await signer.sign(signBody(await signer.view()))).status).toBe(200);
    const mail = await mailTo(owner.email, /^Completed: “Offer to Ada” is signed by everyone$/);
    expect(mail.text).toContain('Ada Lovelace');
    expect(mail.text).toContain(`${api.runtime.ctx.config.publicUrl}/app/sessions/${sent.sessionId}`);
    expect(mail.text).toContain('you sent this signing request');
    expect(mail.text).not.toContain('/s/'); // no signing link
  }, 60_000);

  it('follows the member’s own settings and the account’s outcome address', async () => {
    const owner = await ownerId();
    const web = await WebClient.forMember(api, owner.id);
    // A bearer token has no member: the member's own settings are not its to read or change.
    const token = await world.accessToken();
    const refused = await api.fetch('/api/me/preferences', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    expect(await (await web.get('/api/me/preferences')).json()).toEqual({
      outcomeEmails: true,
      emailLocale: null,
    });
    expect((await web.patch('/api/me/preferences', { emailLocale: 'xx' }, {})).status).toBe(400);
    expect(await (await web.patch('/api/me/preferences', { emailLocale: 'de' })).json()).toEqual({
      outcomeEmails: true,
      emailLocale: 'de',
    });

    // In German, a decline with its reason.
    const german = await send(web, 'Angebot', 'Grace Hopper');
    expect((await world.signer(german.token).decline({ reason: 'Falscher Betrag' })).status).toBe(200);
    const declined = await mailTo(owner.email, /^Grace Hopper hat „Angebot“ abgelehnt$/);
    expect(declined.text).toContain('Falscher Betrag');

    // The account's address: every outcome, a token's sends too; the member, turned off, gets none.
    expect((await web.patch('/api/account', { outcomeEmail: 'not an address' })).status).toBe(400);
    const account = await web.patch('/api/account', { outcomeEmail: 'contracts@out.test' });
    expect(((await account.json()) as { outcomeEmail: string }).outcomeEmail).toBe('contracts@out.test');
    expect((await web.patch('/api/me/preferences', { outcomeEmails: false })).status).toBe(200);
    const byToken = await send(token, 'Lease by token', 'Alan Turing');
    const byMember = await send(web, 'Lease by member', 'Mary King');
    for (const s of [byToken, byMember]) expect((await world.signer(s.token).decline({})).status).toBe(200);
    for (const title of ['Lease by token', 'Lease by member']) {
      const mail = await mailTo('contracts@out.test', new RegExp(`declined “${title}”$`));
      expect(mail.text).toContain('this address is told the outcome of every signing request');
    }
    // Every outcome above is in: the member was told of none of the last two.
    const toOwner = smtp.messages.filter((m) => to(m).includes(owner.email)).map((m) => m.subject);
    expect(toOwner.some((s) => /Lease by/.test(s ?? ''))).toBe(false);
  }, 60_000);
});
