import { cancelSession, createAccount, type Runtime } from '@countersign/core';
import { auditEvents, participants, sessions } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneWriterPerKey } from '../src/support/one-writer.ts';
import { postgresDatabase, testRuntime } from './runtimes.ts';
import { participantRow, sessionRow } from './session-rows.ts';

describe('oneWriterPerKey', () => {
  it('lets one of many concurrent callers write; the others wait for it and answer from their next look', async () => {
    const db = {};
    let done = false;
    let writes = 0;
    const look = async () => (done ? 'already' : undefined);
    const write = async () => {
      writes++;
      await new Promise((r) => setTimeout(r, 20));
      done = true;
      return 'wrote';
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => oneWriterPerKey(db, 'k', look, write)),
    );
    expect(writes).toBe(1);
    expect(answers.filter((a) => a === 'wrote')).toHaveLength(1);
    expect(answers.filter((a) => a === 'already')).toHaveLength(19);
  });

  it('answers waiters from the write that succeeded, without looking again, when asked to', async () => {
    const db = {};
    let looks = 0;
    const look = async () => {
      looks++;
      return undefined;
    };
    const write = async () => {
      await new Promise((r) => setTimeout(r, 20));
      return 'wrote';
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => oneWriterPerKey(db, 'k', look, write, () => 'after theirs')),
    );
    expect(answers.filter((a) => a === 'wrote')).toHaveLength(1);
    expect(answers.filter((a) => a === 'after theirs')).toHaveLength(9);
    expect(looks).toBe(10);
  });

  it('hands the write to a waiter when the one under way fails, and keeps other keys apart', async () => {
    const db = {};
    const done = new Set<string>();
    const calls: string[] = [];
    const caller = (key: string) =>
      oneWriterPerKey(
        db,
        key,
        async () => (done.has(key) ? 'already' : undefined),
        async () => {
          calls.push(key);
          await new Promise((r) => setTimeout(r, 10));
          // The first write of key "a" fails (a lost connection, say); the next waiter writes instead.
          if (key === 'a' && calls.filter((k) => k === 'a').length === 1) throw new Error('lost');
          done.add(key);
          return 'wrote';
        },
      ).catch((err: Error) => err.message);
    const answers = await Promise.all([caller('a'), caller('a'), caller('a'), caller('b'), caller('b')]);
    expect(answers).toEqual(['lost', 'wrote', 'already', 'wrote', 'already']);
    expect(calls.sort()).toEqual(['a', 'a', 'b']);
  });
});

/** An active session of a fresh account (one signer), inserted directly. */
async function activeSession(r: Runtime) {
  const { accountId } = await createAccount(r.ctx, { name: 'Cancel', email: `c${Date.now()}@example.test` });
  const now = r.ctx.clock.now();
  const sessionId = crypto.randomUUID();
  await r.db.insert(sessions).values(sessionRow(accountId, sessionId, now, { signingType: 'parallel' }));
  await r.db.insert(participants).values(participantRow(sessionId, 0));
  return { accountId, sessionId };
}

describe.each([
  ['SQLite', () => testRuntime()],
  ['PostgreSQL', async () => testRuntime(await postgresDatabase())],
])('50 concurrent cancels of one session on %s', (_name, runtime) => {
  it('cancel it once: one answer says so, the rest say it already was, one audit event', async () => {
    const r = await runtime();
    const { accountId, sessionId } = await activeSession(r);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => cancelSession(r.ctx, accountId, sessionId, `retry ${i}`)),
    );
    expect(answers.filter((a) => !a.alreadyCancelled)).toHaveLength(1);
    const events = await r.db.select().from(auditEvents).where(eq(auditEvents.sessionId, sessionId));
    expect(events.map((e) => e.type)).toEqual(['session.cancelled']);
    const [row] = await r.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row?.status).toBe('cancelled');
  });
});
