import { signAsParticipant } from '@countersign/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { linkTokenOf, type SentRow, sendOwnPdf } from './sends.ts';

// POST /api/sessions/remind (docs/api.md): everyone a session waits for gets their invite again, session by
// session; what cannot be reminded says why in its own result and stops nothing else.

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let other: Awaited<ReturnType<TestApi['newAccount']>>;

beforeAll(async () => {
  api = await startTestApi({ worker: false });
  account = await api.newAccount('Reminders Ltd', 'ops@remind.test');
  other = await api.newAccount('Elsewhere Ltd', 'ops@elsewhere.test');
});
afterAll(() => api?.close());

const people = (...names: string[]) =>
  names.map((name) => ({ name, email: `${name.toLowerCase()}@remind.test` }));

async function send(
  signingType: 'parallel' | 'sequential',
  names: string[],
  who = account,
): Promise<SentRow> {
  return sendOwnPdf(
    api,
    who,
    { name: 'terms.pdf', bytes: await makePdf(1, `remind-${Math.random()}`) },
    {
      authRequirement: 'public',
      signingType,
      signingRequests: [{ recipients: people(...names) }],
    },
  );
}

const remind = async (sessionIds: string[], token = account.accessToken) => {
  const res = await api.post('/api/sessions/remind', { sessionIds }, token);
  return { status: res.status, body: (await res.json()) as { results: Record<string, unknown>[] } };
};

const resentTo = async (sessionId: string) => {
  const res = await api.fetch(`/api/sessions/${sessionId}/audit`, {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  const { events } = (await res.json()) as { events: { type: string; participantId: string | null }[] };
  return events.filter((e) => e.type === 'invite.resent').map((e) => e.participantId);
};

describe('reminding several sessions', () => {
  it('reminds whoever each session waits for, and says why for the rest', async () => {
    const parallel = await send('parallel', ['Ada', 'Ben']);
    await signAsParticipant(
      api.runtime.ctx,
      linkTokenOf(parallel.participants[0]!),
      { values: [], signature: { kind: 'typed', value: 'Ada' } },
      { origin: { ip: '203.0.113.1', userAgent: 'test' }, cookieToken: null },
    );
    const sequential = await send('sequential', ['Cy', 'Di']);
    const cancelled = await send('parallel', ['Ed']);
    expect(
      (await api.post('/api/sessions/cancel', { sessionId: cancelled.sessionId }, account.accessToken))
        .status,
    ).toBe(200);
    const theirs = await send('parallel', ['Fay'], other);

    const { status, body } = await remind([
      parallel.sessionId,
      sequential.sessionId,
      cancelled.sessionId,
      theirs.sessionId,
      parallel.sessionId,
    ]);
    expect(status).toBe(200);
    const [ben, cy] = [parallel.participants[1]!.participantId, sequential.participants[0]!.participantId];
    expect(body.results).toEqual([
      { sessionId: parallel.sessionId, reminded: [ben] },
      { sessionId: sequential.sessionId, reminded: [cy] },
      {
        sessionId: cancelled.sessionId,
        reminded: [],
        error: 'invalid_request',
        message: 'the session is cancelled: nobody is waiting to sign',
      },
      { sessionId: theirs.sessionId, reminded: [], error: 'session_not_found', message: expect.any(String) },
    ]);
    expect(await resentTo(parallel.sessionId)).toEqual([ben]);
    expect(await resentTo(sequential.sessionId)).toEqual([cy]);

    // Three resends an hour per person: the fourth is refused in its result, the other sessions go on.
    await remind([sequential.sessionId]);
    await remind([sequential.sessionId]);
    const fourth = await remind([sequential.sessionId, parallel.sessionId]);
    expect(fourth.body.results).toEqual([
      { sessionId: sequential.sessionId, reminded: [], error: 'rate_limited', message: expect.any(String) },
      { sessionId: parallel.sessionId, reminded: [ben] },
    ]);
    expect(await resentTo(sequential.sessionId)).toEqual([cy, cy, cy]);
  });

  it('refuses an empty list, a bad id, an unknown property and more than 100 sessions', async () => {
    for (const body of [
      { sessionIds: [] },
      { sessionIds: ['not-a-uuid'] },
      { sessionIds: [crypto.randomUUID()], all: true },
      { sessionIds: Array.from({ length: 101 }, () => crypto.randomUUID()) },
    ]) {
      const res = await api.post('/api/sessions/remind', body, account.accessToken);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
  });
});
