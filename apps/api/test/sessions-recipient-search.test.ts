import { LEADING_MAX, purgeSession, requestPurge } from '@countersign/core';
import { testDialect } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { createTestTemplate } from './fixtures/templates.ts';
import { sendTemplate, type TemplateRecipient } from './sends.ts';

// GET /api/sessions?recipient=: a recipient's name by the starts of its words, case and accents ignored, or the
// start of an email; both ways a query takes (few matches lead, many filter the index walk) give the same
// sessions; another account's are never found; a purge takes the names out of the index.

const world = await startApiWorld({ worker: false });
const { api } = world;
afterAll(() => world.close());

describe('finding sessions by recipient', () => {
  it('matches the starts of name words and emails, within the account', async () => {
    const acme = await api.newAccount('Search Ltd', 'owner@search.test');
    const other = await api.newAccount('Other Ltd', 'owner@other-search.test');
    const template = await createTestTemplate(api, acme.accountId, { roles: ['A', 'B'], name: 'Lease' });
    const pair = (tag: string, a: string, b: string): TemplateRecipient[] => [
      { label: 'A', name: a, email: `${tag}.a@search.test` },
      { label: 'B', name: b, email: `${tag}.b@search.test` },
    ];
    const sent = await sendTemplate(api, acme.accessToken, template.templateId, [
      pair('jose', 'José Müller-Lüdenscheidt', 'Grace Hopper'),
      pair('love', 'Ada Lovelace', 'Alan Turing'),
      pair('king', 'Ada King', "Mary O'Brien"),
    ]);
    const [jose, lovelace, king] = sent.instantiation.sessions.map((s) => s.sessionId);
    const otherTemplate = await createTestTemplate(api, other.accountId, { roles: ['A', 'B'], name: 'X' });
    await sendTemplate(api, other.accessToken, otherTemplate.templateId, [
      pair('love', 'Ada Lovelace', 'Alan Turing'),
    ]);

    const found = async (recipient: string, extra = '') => {
      const res = await api.fetch(`/api/sessions?recipient=${encodeURIComponent(recipient)}${extra}`, {
        headers: { authorization: `Bearer ${acme.accessToken}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { sessions: { sessionId: string }[] };
      return body.sessions.map((s) => s.sessionId).sort();
    };
    expect(await found('jose')).toEqual([jose]);
    expect(await found('MÜL')).toEqual([jose]); // case and accents ignored, typed or stored
    expect(await found('ludenscheidt')).toEqual([jose]); // a word after a hyphen
    expect(await found('hopper')).toEqual([jose]); // any recipient of the session
    expect(await found('ada')).toEqual([lovelace, king].sort()); // not the other account's Ada Lovelace
    expect(await found('ada love')).toEqual([lovelace]); // every word must match
    expect(await found('love ada')).toEqual([lovelace]); // in any order
    expect(await found('ada hopper')).toEqual([]); // no session has both
    expect(await found("o'brien")).toEqual([king]);
    expect(await found('LOVE.B@SEARCH')).toEqual([lovelace]); // an email's start, ASCII case ignored
    expect(await found('love.b@other')).toEqual([]);
    expect(await found('da')).toEqual([]); // starts of words, not parts
    expect(await found('!!!')).toEqual([]); // no words at all
    expect(await found('ada', '&status=completed')).toEqual([]);
    expect(await found('ada', '&limit=1')).toHaveLength(1);
    // A purge takes the session's names out of the index with the names themselves.
    const cancel = await api.post('/api/sessions/cancel', { sessionId: lovelace }, acme.accessToken);
    expect(cancel.status).toBe(200);
    await requestPurge(api.runtime.ctx, acme.accountId, lovelace!);
    // Run here, or already run by the queue's own consumer: either way the session ends purged.
    await purgeSession(api.runtime.ctx, lovelace!);
    await expect.poll(() => found('lovelace'), { timeout: 30_000 }).toEqual([]);
    expect(await found('ada')).toEqual([king]);
  }, 120_000);

  it('gives the same sessions and pages whether the matches lead or filter the walk', async () => {
    const acme = await api.newAccount('Many Ltd', 'owner@many.test');
    const template = await createTestTemplate(api, acme.accountId, { roles: ['A'], name: 'Many' });
    // One more match than the leading bound: "ada" filters the walk; "ada 7" has few matches and leads.
    const entries = Array.from({ length: LEADING_MAX + 1 }, (_, i) => [
      { label: 'A', name: `Ada Many${i}`, email: `m${i}@many.test` },
    ]);
    await sendTemplate(api, acme.accessToken, template.templateId, entries);
    const pages = async (recipient: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await api.fetch(
          `/api/sessions?limit=100&recipient=${recipient}${cursor ? `&cursor=${cursor}` : ''}`,
          { headers: { authorization: `Bearer ${acme.accessToken}` } },
        );
        const page = (await res.json()) as {
          sessions: { title: string; recipients: { name: string }[] }[];
          nextCursor: string | null;
        };
        seen.push(...page.sessions.map((s) => s.recipients[0]!.name));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const all = await pages('ada');
    expect(all).toHaveLength(LEADING_MAX + 1);
    expect(new Set(all).size).toBe(LEADING_MAX + 1);
    const sevens = all.filter((name) => name.startsWith('Ada Many7'));
    expect(await pages('ada%20many7')).toEqual(sevens); // the same order: newest first, then by id
  }, 120_000);

  // SQLite's plans, fixed by the query's shape; PostgreSQL's planner also weighs the table's statistics.
  it.skipIf(testDialect() === 'postgres')(
    'reads a rare name through the terms index, then sessions by id',
    () => {
      const plan = api.runtime.db.$client
        .prepare(
          `EXPLAIN QUERY PLAN SELECT sessions.* FROM (SELECT session_id FROM session_terms WHERE account_id = ? AND term >= ? AND term < ?) AS matches
         CROSS JOIN sessions WHERE sessions.id = matches.session_id AND sessions.account_id = ? ORDER BY created_at DESC, id DESC LIMIT 51`,
        )
        .all('a', 'ada', 'ada\u{10FFFF}', 'a') as { detail: string }[];
      expect(plan.map((r) => r.detail)).toEqual([
        'SEARCH session_terms USING COVERING INDEX session_terms_account_term (account_id=? AND term>? AND term<?)',
        'SEARCH sessions USING INDEX sqlite_autoindex_sessions_1 (id=?)',
        'USE TEMP B-TREE FOR ORDER BY',
      ]);
    },
  );
});
