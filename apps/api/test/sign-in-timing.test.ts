import { createAccount } from '@countersign/core';
import { outbox, schema, signInLinks } from '@countersign/db';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { memberSignInEmailJob } from '@countersign/schemas';
import { startRedis, type TestRedis } from '@countersign/test-support';
import { startWorker } from '@countersign/worker/loop';
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

// POST /api/auth/sign-in must not tell a member from a stranger, by its answer or by its time. Rather than time
// it (a 1.5 ms difference drowns in a shared machine's noise), this shows the request does the same work for
// both: the same number of SQL statements, the same rows written. The API runs without a worker (BullMQ on a
// Redis of its own, nobody consuming), so nothing runs beside the requests until the test starts a worker.

let redis: TestRedis;
let smtp: TestSmtpServer;
let api: TestApi;

beforeAll(async () => {
  [redis, smtp] = await Promise.all([startRedis(), startTestSmtpServer()]);
  api = await startTestApi({ redisUrl: redis.url, worker: false, env: { SMTP_URL: smtp.url } });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await Promise.all([smtp?.close(), redis?.stop()]);
});

const tables = (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable));

/** Every table's row count. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[getTableName(table)] = (await api.runtime.db.select().from(table)).length;
  return counts;
}

/** What one sign-in request asked of the database: statements run, and the tables whose row counts moved. */
async function signInWork(email: string) {
  const before = await rowCounts();
  const statements = api.runtime.db.$connection.statementsRun;
  const res = await api.post('/api/auth/sign-in', { email });
  const ran = api.runtime.db.$connection.statementsRun - statements;
  const after = await rowCounts();
  const grew = Object.fromEntries(
    Object.keys(after)
      .filter((name) => after[name] !== before[name])
      .map((name) => [name, after[name]! - before[name]!]),
  );
  return { status: res.status, body: await res.json(), statements: ran, grew };
}

describe('POST /api/auth/sign-in: the same work for a member and a stranger', () => {
  it('runs the same statements and writes the same rows; the email is the job of a worker', async () => {
    const members: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `member${i}@timing.test`;
      await createAccount(api.runtime.ctx, { name: `Timing ${i}`, email });
      members.push(email);
    }
    const links = (await api.runtime.db.select().from(signInLinks)).length;
    // The client address's throttle row exists from here on, for both kinds of request alike.
    await api.post('/api/auth/sign-in', { email: 'warm-up@timing.test' });

    const strangers = members.map((_, i) => `stranger${i}@timing.test`);
    const work = [];
    for (let i = 0; i < members.length; i++) {
      // Interleaved, and each side first in turn.
      const pair = i % 2 ? [strangers[i]!, members[i]!] : [members[i]!, strangers[i]!];
      for (const email of pair) work.push({ email, ...(await signInWork(email)) });
    }
    const first = work[0]!;
    expect(first.status).toBe(202);
    expect(first.grew).toEqual({ rate_limit_windows: 1, outbox: 1 });
    for (const w of work) {
      expect({ status: w.status, body: w.body, statements: w.statements, grew: w.grew }).toEqual({
        status: first.status,
        body: first.body,
        statements: first.statements,
        grew: first.grew,
      });
    }
    // No link was made on a request: each request left one job row, readable as nothing but the job's name.
    expect((await api.runtime.db.select().from(signInLinks)).length).toBe(links);
    const rows = await api.runtime.db.select().from(outbox);
    const jobs = rows.filter((r) => r.kind === 'job');
    expect(jobs).toHaveLength(1 + work.length);
    for (const row of jobs) {
      expect(Object.keys(row.payload as object).sort()).toEqual(['encrypted', 'job']);
      expect((row.payload as { job: string }).job).toBe(memberSignInEmailJob.name);
    }
    expect(rows.filter((r) => r.kind === 'email')).toEqual([]);

    // A worker takes the jobs: each member gets their link, no stranger gets anything.
    const worker = startWorker(api.runtime, api.config, pino({ level: 'silent' }), { consumeQueue: true });
    try {
      for (const email of members) {
        const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes(email));
        expect(mail.text).toMatch(/\/app\/sign-in#token=cssl_/);
      }
      await expect
        .poll(async () => {
          const pending = (await api.runtime.db.select().from(outbox)).filter((r) => !r.deliveredAt);
          return pending.length + Object.values(await api.queue.depth()).reduce((a, b) => a + b, 0);
        })
        .toBe(0);
      const emailed = (await api.runtime.db.select().from(outbox))
        .filter((r) => r.kind === 'email')
        .flatMap((r) => (r.payload as { to: string[] }).to);
      expect(emailed.sort()).toEqual(members);
    } finally {
      await worker.close();
    }
  });
});
