import { loadConfig } from '@countersign/config';
import { createAccount, createRuntime, ManualClock, type Runtime } from '@countersign/core';
import { documents, participants, sessions } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOfSession, documentsOfSession, documentsOfSessions } from '../src/sessions/documents.ts';
import {
  participantById,
  participantByLinkHash,
  participantsOfSession,
  participantsOfSessions,
} from '../src/sessions/participants.ts';
import { sessionById, sessionOf, sessionStatusOf } from '../src/sessions/session-lookup.ts';
import { participantRow, sessionRow } from './session-rows.ts';

// The one set of queries for a session and what hangs off it, on a real database file.
let r: Runtime;
let seq = 0;

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: tempDir('countersign-queries-'), LOG_LEVEL: 'silent' });
  r = await createRuntime(config, { clock: new ManualClock() });
});
afterAll(async () => {
  await r.close();
});

/** A session of a fresh account whose people (positions 2, 0, 1) and documents (1, 0) are stored out of order. */
async function sessionWithPeople(sendJobId = `job-${++seq}`) {
  const { accountId } = await createAccount(r.ctx, { name: 'Queries', email: `q${++seq}@example.test` });
  const now = r.ctx.clock.now();
  const sessionId = `ses-${++seq}`;
  await r.db.insert(sessions).values(sessionRow(accountId, sessionId, now, { sendJobId, rowIndex: seq }));
  const person = (position: number) => participantRow(sessionId, position);
  await r.db.insert(participants).values([person(2), person(0), person(1)]);
  const document = (position: number) => ({
    id: `${sessionId}-d${position}`,
    sessionId,
    position,
    filename: `doc-${position}.pdf`,
    sourceSha256: 'a'.repeat(64),
    preparedSha256: 'b'.repeat(64),
    pageCount: 1,
  });
  await r.db.insert(documents).values([document(1), document(0)]);
  return { accountId, sessionId, sendJobId };
}

describe('participants', () => {
  it("lists a session's people in entry order, and only that session's", async () => {
    const a = await sessionWithPeople();
    const b = await sessionWithPeople();
    const people = await participantsOfSession(r.ctx, a.sessionId);
    expect(people.map((p) => p.id)).toEqual([0, 1, 2].map((n) => `${a.sessionId}-p${n}`));
    expect((await participantsOfSession(r.ctx, b.sessionId)).every((p) => p.sessionId === b.sessionId)).toBe(
      true,
    );
    expect(await participantsOfSession(r.ctx, 'no-such-session')).toEqual([]);
  });

  it('finds one participant by id and by link hash, as stored now', async () => {
    const { sessionId } = await sessionWithPeople();
    const id = `${sessionId}-p1`;
    await r.db.update(participants).set({ status: 'viewed' }).where(eq(participants.id, id));
    expect(await participantById(r.ctx, id)).toMatchObject({ id, sessionId, position: 1, status: 'viewed' });
    expect(await participantByLinkHash(r.ctx, `${sessionId}-hash-2`)).toMatchObject({
      id: `${sessionId}-p2`,
    });
    expect(await participantById(r.ctx, 'nobody')).toBeUndefined();
    expect(await participantByLinkHash(r.ctx, 'no-such-hash')).toBeUndefined();
  });

  it('lists the people of several sessions, by ids or by a subquery, each in entry order', async () => {
    const a = await sessionWithPeople('shared-job');
    const b = await sessionWithPeople('shared-job');
    const other = await sessionWithPeople();
    const ofJob = r.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sendJobId, 'shared-job'));
    const byQuery = await participantsOfSessions(r.ctx, ofJob);
    const byIds = await participantsOfSessions(r.ctx, [a.sessionId, b.sessionId]);
    for (const found of [byQuery, byIds]) {
      expect(found).toHaveLength(6);
      expect(found.some((p) => p.sessionId === other.sessionId)).toBe(false);
      for (const s of [a, b]) {
        expect(found.filter((p) => p.sessionId === s.sessionId).map((p) => p.position)).toEqual([0, 1, 2]);
      }
    }
  });
});

describe('documents', () => {
  it("lists a session's documents in order, and only that session's", async () => {
    const a = await sessionWithPeople();
    await sessionWithPeople();
    expect((await documentsOfSession(r.ctx, a.sessionId)).map((d) => d.id)).toEqual([
      `${a.sessionId}-d0`,
      `${a.sessionId}-d1`,
    ]);
    expect(await documentsOfSession(r.ctx, 'no-such-session')).toEqual([]);
  });

  it('opens a document only through its own session', async () => {
    const a = await sessionWithPeople();
    const b = await sessionWithPeople();
    expect(await documentOfSession(r.ctx, a.sessionId, `${a.sessionId}-d1`)).toMatchObject({
      filename: 'doc-1.pdf',
    });
    expect(await documentOfSession(r.ctx, b.sessionId, `${a.sessionId}-d1`)).toBeUndefined();
  });

  it('lists the documents of several sessions by a subquery, each in order', async () => {
    const a = await sessionWithPeople('docs-job');
    const b = await sessionWithPeople('docs-job');
    const ofJob = r.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sendJobId, 'docs-job'));
    const found = await documentsOfSessions(r.ctx, ofJob);
    expect(found).toHaveLength(4);
    for (const s of [a, b]) {
      expect(found.filter((d) => d.sessionId === s.sessionId).map((d) => d.position)).toEqual([0, 1]);
    }
  });
});

describe('sessions', () => {
  it("finds a session for its own account and answers another account's as not found", async () => {
    const a = await sessionWithPeople();
    const b = await sessionWithPeople();
    expect(await sessionOf(r.ctx, a.accountId, a.sessionId)).toMatchObject({
      id: a.sessionId,
      status: 'active',
    });
    expect(await sessionStatusOf(r.ctx, a.accountId, a.sessionId)).toBe('active');
    for (const ask of [sessionOf, sessionStatusOf]) {
      await expect(ask(r.ctx, b.accountId, a.sessionId)).rejects.toMatchObject({
        code: 'session_not_found',
        message: `session ${a.sessionId} not found`,
      });
    }
  });

  it('reads a session by id as stored now, for code that already holds the id', async () => {
    const { accountId, sessionId } = await sessionWithPeople();
    await r.db.update(sessions).set({ status: 'declined' }).where(eq(sessions.id, sessionId));
    expect(await sessionById(r.ctx, sessionId)).toMatchObject({
      id: sessionId,
      accountId,
      status: 'declined',
    });
    expect(await sessionById(r.ctx, 'no-such-session')).toBeUndefined();
  });
});
