import type { SessionDetail } from '@countersign/schemas';
import { runCli } from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { type SentSession, sendSession } from './purge-support.ts';

// The records lifecycle from the operator's CLI (docs/configuration.md, docs/evidence.md "Retention and
// purging"): real CLI processes on the running API's DATA_DIR set the account's retention, list what a sweep
// would purge, hold and release a session and purge it; the API sees each change. Bad input exits 1 with a
// message and changes nothing. (Each CLI process takes seconds to start: the cases share them.)

const DAY_MS = 86_400_000;
let api: TestApi;
let accountId: string;
let accessToken: string;
let ended: SentSession[];
let active: SentSession;

const cli = (...args: string[]) => runCli(args, { ...api.dataEnv, SMTP_URL: '', REDIS_URL: '' });
async function detail(sessionId: string): Promise<SessionDetail> {
  const res = await api.fetch(`/api/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return (await res.json()) as SessionDetail;
}

beforeAll(async () => {
  api = await startTestApi();
  ({ accountId, accessToken } = await api.newAccount('Records Ltd', 'ops@records.test'));
  const target = { ctx: api.runtime.ctx, post: api.post };
  const send = (n: number) =>
    sendSession(target, accessToken, accountId, {
      title: `Kept ${n}`,
      name: `Signer ${n}`,
      email: `s${n}@records.test`,
    });
  ended = [await send(1), await send(2)];
  active = await send(3);
  for (const s of ended)
    expect((await api.post('/api/sessions/cancel', { sessionId: s.sessionId }, accessToken)).status).toBe(
      200,
    );
}, 120_000);
afterAll(() => api.close());

describe('pnpm cli: retention, legal hold and purge', () => {
  it('accounts set-retention: validated, then the API and retention-due follow it', async () => {
    for (const bad of [
      ['--days', '36501'],
      ['--days', '2', '--keep'],
    ]) {
      const refused = await cli('accounts', 'set-retention', '--account', accountId, ...bad);
      expect(refused.code, bad.join(' ')).toBe(1);
      expect(refused.stderr).toMatch(/--days|--keep/);
    }
    const set = await cli('accounts', 'set-retention', '--account', accountId, '--days', '2');
    expect(set.code, set.stderr).toBe(0);
    expect(set.json).toEqual({ accountId, retentionDays: 2 });
    expect(await detail(ended[0]!.sessionId)).toMatchObject({ retentionDays: 2 });

    // Nothing is due now; three days on, both ended sessions are (never the active one).
    const now = await cli('sessions', 'retention-due', '--account', accountId);
    expect(now.json).toMatchObject({ sessions: [] });
    const later = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const due = await cli('sessions', 'retention-due', '--account', accountId, '--at', later);
    expect(due.code, due.stderr).toBe(0);
    const listed = (due.json as { sessions: { sessionId: string; retentionDays: number; purgeAt: string }[] })
      .sessions;
    expect(new Set(listed.map((s) => s.sessionId))).toEqual(new Set(ended.map((s) => s.sessionId)));
    for (const s of listed) {
      expect(s.retentionDays).toBe(2);
      expect(s.purgeAt).toBe((await detail(s.sessionId)).purgeAt);
    }
    const badAt = await cli('sessions', 'retention-due', '--at', 'next tuesday');
    expect(badAt.code).toBe(1);
    expect(badAt.stderr).toMatch(/--at/);
  }, 300_000);

  it('sessions hold / purge / release: a held session is not purged; released, it is, and the API shows the tombstone', async () => {
    const [first] = ended;
    const held = await cli('sessions', 'hold', '--account', accountId, '--session', first!.sessionId);
    expect(held.code, held.stderr).toBe(0);
    expect(held.json).toMatchObject({ sessionId: first!.sessionId, legalHold: true });
    expect(await detail(first!.sessionId)).toMatchObject({ legalHold: true, purgeAt: null });

    const refused = await cli('sessions', 'purge', '--account', accountId, '--session', first!.sessionId);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/legal hold/);
    const stillActive = await cli('sessions', 'purge', '--account', accountId, '--session', active.sessionId);
    expect(stillActive.code).toBe(1);
    expect(stillActive.stderr).toMatch(/still active/);
    const otherAccount = await api.newAccount('Other Ltd', 'ops@other-records.test');
    const foreign = await cli(
      'sessions',
      'purge',
      '--account',
      otherAccount.accountId,
      '--session',
      first!.sessionId,
    );
    expect(foreign.code).toBe(1);
    expect(await detail(first!.sessionId)).toMatchObject({ purge: null, title: 'Kept 1' });

    const released = await cli('sessions', 'release', '--account', accountId, '--session', first!.sessionId);
    expect(released.json).toMatchObject({ legalHold: false, legalHoldSince: null });
    const purged = await cli('sessions', 'purge', '--account', accountId, '--session', first!.sessionId);
    expect(purged.code, purged.stderr).toBe(0);
    expect(purged.json).toMatchObject({
      sessionId: first!.sessionId,
      purge: { state: 'purged', reason: 'requested' },
    });
    expect(await detail(first!.sessionId)).toMatchObject({
      title: 'Purged session',
      purge: { state: 'purged' },
    });
  }, 300_000);
});
