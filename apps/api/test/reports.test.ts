import { expireDueSessions } from '@countersign/core';
import type { SessionReport } from '@countersign/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { type SigningWorld, signBody, startSigningWorld } from './signing-setup.ts';

// GET /api/reports/sessions(.csv) (issue 31, part 9): sessions sent, completed, declined and expired per day or
// week, each counted on the day it happened, the median time to completion and each step's median time to sign,
// through real sends, signatures, a decline and the expiry sweep, with the clock moved between them.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const world: SigningWorld = await startSigningWorld();
afterAll(() => world.close());
const { api, clock } = world;

describe('session reports', () => {
  it('counts each outcome on its day, with the median time to complete and the slowest step', async () => {
    clock.set(Date.parse('2026-11-02T09:00:00Z')); // a Monday
    const day0 = Date.parse('2026-11-02T00:00:00Z');
    const signer = (token: string) => world.signer(token);
    const signed = async (token: string) => {
      const s = signer(token);
      expect((await s.sign(signBody(await s.view()))).status).toBe(200);
    };
    // Completion runs in the background and dates itself when it runs: wait for it before the clock moves on.
    const completes = async (sessionId: string) => {
      const auth = { authorization: `Bearer ${await world.accessToken()}` };
      await expect
        .poll(
          async () =>
            (
              (await (await api.fetch(`/api/sessions/${sessionId}`, { headers: auth })).json()) as {
                status: string;
              }
            ).status,
          { timeout: 30_000 },
        )
        .toBe('completed');
    };
    const quick = await world.send({ recipients: [{ name: 'Ada' }], authRequirement: 'public' });
    const slow = await world.send({
      recipients: [{ name: 'Ann' }, { name: 'Bob' }],
      authRequirement: 'public',
    });
    clock.advance(HOUR);
    await signed(quick.tokens[0]!); // completes on day 0, an hour after it was sent
    await completes(quick.sessionId);
    await signed(slow.tokens[0]!);
    clock.advance(DAY); // day 1
    const declined = await world.send({ recipients: [{ name: 'Cy' }], authRequirement: 'public' });
    expect((await signer(declined.tokens[0]!).decline({ reason: 'No' })).status).toBe(200);
    await signed(slow.tokens[1]!); // completes on day 1, 25 hours after it was sent
    await completes(slow.sessionId);
    clock.advance(DAY); // day 2
    await world.send({ recipients: [{ name: 'Dee' }], authRequirement: 'public', expiresInDays: 1 });
    clock.advance(2 * DAY); // day 4
    expect(await expireDueSessions(api.runtime.ctx)).toBe(1);

    const token = await world.accessToken();
    const report = async (query: string) => {
      const res = await api.fetch(`/api/reports/sessions?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as SessionReport };
    };
    const range = `from=${new Date(day0).toISOString()}&to=${new Date(day0 + 5 * DAY).toISOString()}`;
    const daily = (await report(range)).body;
    expect(
      daily.buckets.map((b) => [b.start.slice(0, 10), b.sent, b.completed, b.declined, b.expired]),
    ).toEqual([
      ['2026-11-02', 2, 1, 0, 0],
      ['2026-11-03', 1, 1, 1, 0],
      ['2026-11-04', 1, 0, 0, 0],
      ['2026-11-05', 0, 0, 0, 0],
      ['2026-11-06', 0, 0, 0, 1],
    ]);
    expect(daily.totals).toEqual({ sent: 4, completed: 2, declined: 1, expired: 1 });
    expect(daily.medianSecondsToComplete).toBe((1 * HOUR + 25 * HOUR) / 2 / 1000);
    // Bob was asked with Ann (parallel) and signed a day later: the slowest step.
    expect(daily.steps).toEqual([
      { step: 'Signer 2', signatures: 1, medianSecondsToSign: (25 * HOUR) / 1000 },
      { step: 'Signer 1', signatures: 2, medianSecondsToSign: HOUR / 1000 },
    ]);

    const weekly = (await report(`${range}&interval=week`)).body;
    expect(weekly.buckets).toEqual([
      { start: '2026-11-02T00:00:00.000Z', sent: 4, completed: 2, declined: 1, expired: 1 },
    ]);

    const csv = await api.fetch(`/api/reports/sessions.csv?${range}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('start,sent,completed,declined,expired');
    expect(lines[2]).toBe('2026-11-03T00:00:00.000Z,1,1,1,0');

    expect(
      (await report(`from=${new Date(day0).toISOString()}&to=${new Date(day0).toISOString()}`)).status,
    ).toBe(400);
    const tooLong = await report(`from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      error: 'invalid_request',
      message: expect.stringMatching(/at most 400/),
    });
  }, 120_000);
});
