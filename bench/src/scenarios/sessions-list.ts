import { randomUUID } from 'node:crypto';
import { startTestApi, type TestApi } from '@countersign/api/testing';
import { createAccount } from '@countersign/core';
import { termsOfNames } from '@countersign/db';
import { type BenchRow, interleavedMedians, ms } from '../report.ts';

const RUNS = 21;
const SMALL = 1_000;
const LARGE = 100_000;
const PAGE = 50;

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'John',
  'Mary',
  'Sofia',
  'Omar',
  'Yuki',
  'Ana',
  'Olga',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Hamilton',
  'Smith',
  'Jones',
  'Garcia',
  'Tanaka',
  'Silva',
  'Müller',
];
/** The one person both accounts sent to once, in the middle of their sessions: what the name search looks for. */
const SOUGHT = 'Hedy Lamarr';

/**
 * Seeds `count` sessions for an account, two recipients each (the list shows them), with prepared inserts in one
 * transaction: a few statuses, timestamps one second apart, newest last. Names repeat as in real accounts (120
 * of them), but for one session sent to SOUGHT; the search terms are written as a send writes them.
 */
function seedSessions(api: TestApi, accountId: string, count: number): void {
  const sqlite = api.runtime.db.$client;
  const insert = sqlite.prepare(
    `INSERT INTO sessions (id, account_id, source, send_job_id, row_index, title, status, signing_type, auth_requirement, notify, options, expires_at, created_at, updated_at)
     VALUES (?, ?, 'own_pdf', ?, ?, ?, ?, 'parallel', 'public', 0, '{}', ?, ?, ?)`,
  );
  const person = sqlite.prepare(
    `INSERT INTO participants (id, session_id, position, signing_order, name, email, status, link_token_hash, link_token_encrypted, invite_status)
     VALUES (?, ?, ?, 1, ?, ?, ?, ?, 'x', 'skipped')`,
  );
  const term = sqlite.prepare('INSERT INTO session_terms (session_id, term, account_id) VALUES (?, ?, ?)');
  const job = randomUUID();
  const start = Date.now() - count * 1000;
  const statuses = ['active', 'completed', 'active', 'cancelled'];
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = start + i * 1000;
      const id = randomUUID();
      insert.run(id, accountId, job, i, `Agreement ${i}`, statuses[i % 4], at + 86_400_000, at, at);
      const names = [0, 1].map((position) =>
        i === Math.floor(count / 2) && position === 0
          ? SOUGHT
          : `${FIRST[(i + position) % FIRST.length]} ${LAST[(i * 7 + position) % LAST.length]}`,
      );
      for (const [position, name] of names.entries()) {
        const status = statuses[i % 4] === 'completed' ? 'signed' : 'notified';
        person.run(randomUUID(), id, position, name, `s${i}.${position}@list.test`, status, randomUUID());
      }
      for (const t of termsOfNames(names)) term.run(id, t, accountId);
    }
  })();
}

/** The cursor the API hands out for the row at `offset` of the newest-first list (its own format). */
function cursorAt(api: TestApi, accountId: string, offset: number): string {
  const row = api.runtime.db.$client
    .prepare(
      'SELECT created_at AS createdAt, id FROM sessions WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?',
    )
    .get(accountId, offset) as { createdAt: number; id: string };
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString('base64url');
}

/**
 * Issue 12: the sessions list of an account with 100,000 sessions answers its first page and a deep page within
 * 1.5x the time for an account with 1,000. Both accounts live in the same database; GET /api/sessions over HTTP
 * with a bearer token, interleaved rounds.
 */
export async function run(): Promise<BenchRow[]> {
  const api = await startTestApi({ worker: false });
  try {
    // Accounts and rows first, tokens after: seeding blocks the event loop for seconds, and a keep-alive socket
    // the server timed out meanwhile would reset the first request.
    const small = await createAccount(api.runtime.ctx, { name: 'small', email: 'small@list.test' });
    const large = await createAccount(api.runtime.ctx, { name: 'large', email: 'large@list.test' });
    const t = performance.now();
    seedSessions(api, small.accountId, SMALL);
    seedSessions(api, large.accountId, LARGE);
    const seedMs = performance.now() - t;
    const tokenOf = async (refreshToken: string) =>
      (
        (await (await api.post('/connect/token', { refresh_token: refreshToken })).json()) as {
          access_token: string;
        }
      ).access_token;
    const smallToken = await tokenOf(small.refreshToken);
    const largeToken = await tokenOf(large.refreshToken);
    const list = (token: string, cursor?: string) => async () => {
      const res = await api.fetch(`/api/sessions?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { sessions: unknown[] };
      if (res.status !== 200 || body.sessions.length !== PAGE) throw new Error(`list answered ${res.status}`);
    };
    const smallDeep = cursorAt(api, small.accountId, SMALL - PAGE - 10);
    const largeDeep = cursorAt(api, large.accountId, LARGE - PAGE - 10);
    const [sFirst, lFirst, sDeep, lDeep] = await interleavedMedians(RUNS, [
      list(smallToken),
      list(largeToken),
      list(smallToken, smallDeep),
      list(largeToken, largeDeep),
    ]);
    // Issue 31: a recipient's name, typed as a person types it (lower case, part of the last name).
    const search = (token: string, recipient: string, expected: number) => async () => {
      const res = await api.fetch(`/api/sessions?limit=${PAGE}&recipient=${encodeURIComponent(recipient)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { sessions: unknown[] };
      if (res.status !== 200 || body.sessions.length !== expected) {
        throw new Error(`search for ${recipient} answered ${res.status} with ${body.sessions.length}`);
      }
    };
    const [sName, lName, sCommon, lCommon] = await interleavedMedians(RUNS, [
      search(smallToken, 'hedy lam', 1),
      search(largeToken, 'hedy lam', 1),
      search(smallToken, 'ada', PAGE),
      search(largeToken, 'ada', PAGE),
    ]);
    return [
      {
        scenario: `sessions list, first page of ${PAGE}, account with 100,000 sessions (seeded in ${ms(seedMs)})`,
        figure: ms(lFirst!),
        floor: `${ms(sFirst!)} (account with 1,000)`,
        ratio: lFirst! / sFirst!,
        target: '≤ 1.5x',
        pass: lFirst! / sFirst! <= 1.5,
      },
      {
        scenario: `sessions list, deep page (after ${(LARGE - PAGE - 10).toLocaleString('en-US')}), account with 100,000 sessions`,
        figure: ms(lDeep!),
        floor: `${ms(sDeep!)} (account with 1,000, after ${SMALL - PAGE - 10})`,
        ratio: lDeep! / sDeep!,
        target: '≤ 1.5x',
        pass: lDeep! / sDeep! <= 1.5,
      },
      {
        scenario:
          'sessions list, recipient name search ("hedy lam", one match), account with 100,000 sessions',
        figure: ms(lName!),
        floor: `${ms(sName!)} (account with 1,000)`,
        ratio: lName! / sName!,
        target: '≤ 1.5x',
        pass: lName! / sName! <= 1.5,
      },
      {
        scenario: `sessions list, common name word ("ada", a page of ${PAGE} of many), account with 100,000 sessions`,
        figure: ms(lCommon!),
        floor: `${ms(sCommon!)} (account with 1,000)`,
        ratio: lCommon! / sCommon!,
        target: 'report',
        pass: true,
      },
    ];
  } finally {
    await api.close();
  }
}
