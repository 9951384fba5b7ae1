import { ManualClock } from '@countersign/core';
import { testDialect } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { createTestTemplate } from './fixtures/templates.ts';
import { sendTemplate } from './sends.ts';
import { WebClient } from './web-support.ts';

// The sessions page's routes with a member's cookie: the list's filters and paging, the detail's timeline,
// a signer's link, resending an invite through real SMTP, and another account's ids.

const clock = new ManualClock(Date.parse('2026-11-20T10:00:00Z'));
const world = await startApiWorld({ clock, worker: false, smtp: true });
const { api, smtp } = world;
afterAll(() => world.close());

describe('sessions page', () => {
  it('filters by status, template, recipient, title and date, pages with a cursor, and shows the timeline', async () => {
    const acme = await api.newAccount('Sessions Ltd', 'owner@sessions.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const nda = await createTestTemplate(api, acme.accountId, { roles: ['Client'], name: 'NDA Globex' });
    const offer = await createTestTemplate(api, acme.accountId, {
      roles: ['Client'],
      name: 'Offer 100% final',
    });
    const send = async (templateId: string, email: string) => {
      // The clock moves a day between sends: a fresh access token each time.
      const token = await api.post('/connect/token', { refresh_token: acme.refreshToken });
      const { access_token } = (await token.json()) as { access_token: string };
      return sendTemplate(api, access_token, templateId, [[{ label: 'Client', name: 'R', email }]]);
    };
    const first = await send(nda.templateId, 'ann@globex.test');
    clock.advance(86_400_000);
    const second = await send(offer.templateId, 'bob@initech.test');
    clock.advance(86_400_000);
    const third = await send(nda.templateId, 'Bob@Initech.test');
    const ids = [first, second, third].map((s) => s.instantiation.sessions[0]!.sessionId);
    expect(
      (await web.post('/api/sessions/cancel', { sessionId: ids[0], reason: 'Wrong party' })).status,
    ).toBe(200);

    const list = async (query: string) => {
      const res = await web.get(`/api/sessions?${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as { sessions: { sessionId: string }[]; nextCursor: string | null };
    };
    const idsOf = async (query: string) => (await list(query)).sessions.map((s) => s.sessionId);
    expect(await idsOf('')).toEqual([ids[2], ids[1], ids[0]]);
    // Each item says who it went to and how far each got (the list's progress column), in one read.
    const items = (await list('')).sessions as unknown as { recipients: unknown[] }[];
    expect(items.map((s) => s.recipients)).toEqual(
      ['Bob@Initech.test', 'bob@initech.test', 'ann@globex.test'].map((email) => [
        {
          participantId: expect.any(String),
          name: 'R',
          email,
          status: expect.stringMatching(/^(pending|notified)$/),
        },
      ]),
    );
    expect(await idsOf('status=cancelled')).toEqual([ids[0]]);
    expect(await idsOf(`templateId=${nda.templateId}`)).toEqual([ids[2], ids[0]]);
    expect(await idsOf('q=bob%40initech.test')).toEqual([ids[2], ids[1]]);
    expect(await idsOf('q=ann%40globex.test')).toEqual([ids[0]]);
    expect(await idsOf('q=globex')).toEqual([ids[2], ids[0]]); // the title
    expect(await idsOf('q=100%25')).toEqual([ids[1]]); // % is literal, not a wildcard
    expect(await idsOf('from=2026-11-21T00:00:00Z&to=2026-11-21T23:59:59Z')).toEqual([ids[1]]);
    const page1 = await list(`templateId=${nda.templateId}&limit=1`);
    expect(page1.sessions.map((s) => s.sessionId)).toEqual([ids[2]]);
    const page2 = await list(`templateId=${nda.templateId}&limit=1&cursor=${page1.nextCursor}`);
    expect(page2.sessions.map((s) => s.sessionId)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    expect((await web.get('/api/sessions?from=yesterday')).status).toBe(400);

    const detail = (await (await web.get(`/api/sessions/${ids[0]}`)).json()) as {
      cancelReason: string;
      events: { type: string }[];
    };
    expect(detail.cancelReason).toBe('Wrong party');
    expect(detail.events.map((e) => e.type)).toEqual(['session.created', 'session.cancelled']);
  }, 120_000); // two templates, the first with the PDF workers starting from cold

  it('pages through a bulk send made in one millisecond: every session once', async () => {
    const bulk = await api.newAccount('Bulk Ltd', 'owner@bulk.test');
    const template = await createTestTemplate(api, bulk.accountId, { roles: ['Client'], name: 'Bulk' });
    const recipients = Array.from({ length: 25 }, (_, i) => [
      { label: 'Client', name: `R${i}`, email: `r${i}@bulk.test` },
    ]);
    const bulkSent = await sendTemplate(api, bulk.accessToken, template.templateId, recipients);
    const sent = bulkSent.instantiation.sessions.map((s) => s.sessionId);
    const web = await WebClient.forMember(api, bulk.ownerMemberId);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (
        await web.get(`/api/sessions?limit=4${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()) as { sessions: { sessionId: string; createdAt: string }[]; nextCursor: string | null };
      seen.push(...page.sessions.map((s) => s.sessionId));
      cursor = page.nextCursor;
    } while (cursor);
    // The manual clock stands still: one createdAt for all, so the id orders them (newest first, then by id).
    expect(seen).toEqual([...sent].sort().reverse());
  }, 60_000);

  // SQLite's plan, fixed by the query's shape; PostgreSQL's planner also weighs the table's statistics.
  it.skipIf(testDialect() === 'postgres')('lists on an index walk: no scan, no sort', () => {
    // The list query is a range of the (account, createdAt, id) index, in order.
    const plan = api.runtime.db.$client
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM sessions WHERE account_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT 51',
      )
      .all('a', 1, 'x') as { detail: string }[];
    expect(plan.map((r) => r.detail)).toEqual([
      'SEARCH sessions USING INDEX sessions_account_created_id (account_id=? AND (created_at,id)<(?,?))',
    ]);
  });

  it("gives a signer's link and resends the invite with the same link", async () => {
    const acme = await api.newAccount('Resend Ltd', 'owner@resend.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const { templateId } = await createTestTemplate(api, acme.accountId, { roles: ['Client'] });
    const cleo = { label: 'Client', name: 'Cleo', email: 'cleo@resend.test' };
    const sent = await sendTemplate(api, acme.accessToken, templateId, [[cleo]]);
    const sessionId = sent.instantiation.sessions[0]!.sessionId;
    const detail = (await (await web.get(`/api/sessions/${sessionId}`)).json()) as {
      participants: { participantId: string }[];
    };
    const participantId = detail.participants[0]!.participantId;
    const link = (await (
      await web.get(`/api/sessions/${sessionId}/participants/${participantId}/link`)
    ).json()) as {
      url: string;
    };
    expect(link.url).toBe(sent.invites[0]!.participants[0]!.signingUrl);

    const resent = await web.post(`/api/sessions/${sessionId}/participants/${participantId}/resend`);
    expect(resent.status).toBe(202);
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes('cleo@resend.test'));
    expect(mail.text).toContain(link.url);
    const events = (await (await web.get(`/api/sessions/${sessionId}`)).json()) as {
      events: { type: string }[];
    };
    expect(events.events.map((e) => e.type)).toContain('invite.resent');

    // Another account's member: 404 on the session, its link and a resend; nothing queued.
    const other = await api.newAccount('Nosy Ltd', 'owner@nosy.test');
    const nosy = await WebClient.forMember(api, other.ownerMemberId);
    expect((await nosy.get(`/api/sessions/${sessionId}`)).status).toBe(404);
    expect((await nosy.get(`/api/sessions/${sessionId}/participants/${participantId}/link`)).status).toBe(
      404,
    );
    const foreign = await nosy.post(`/api/sessions/${sessionId}/participants/${participantId}/resend`);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: string }).error).toBe('session_not_found');

    // Cancelled: no more invites.
    await web.post('/api/sessions/cancel', { sessionId });
    const late = await web.post(`/api/sessions/${sessionId}/participants/${participantId}/resend`);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { message: string }).message).toBe(
      'the session is cancelled: no invite can be sent',
    );
  });
});
