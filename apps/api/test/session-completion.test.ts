import { createHash } from 'node:crypto';
import {
  COMPLETION_LEASE_MS,
  CompletionFailedError,
  completeSession,
  completionRetryDelay,
  createRuntime,
  localDrive,
  ManualClock,
  type SweepLog,
  sweep,
} from '@countersign/core';
import { blobs, documents, sessions } from '@countersign/db';
import { spawnEntry, until } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { PDFString } from 'pdf-lib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { breakSignature, signLosingCompletionJob } from './completion-support.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { sendOneEntry } from './send-support.ts';

// Completion with real parts: one SQLite file and DATA_DIR shared by the API's runtime and a second runtime
// (another worker process: its own connection, blob store and outbox), a real SMTP server and a real webhook
// receiver. Runs overlap the way they do in production (a worker's sweep while the job runs, a stalled job
// re-run, a run that outlived its lease), and a poison session must not hold up the others.

// No background worker: every completion and sweep here is started by the test, at the time it set.
const world = await startApiWorld({
  worker: false,
  smtp: true,
  webhooks: ['session.completed'],
  account: 'Completion',
  env: { ACCESS_TOKEN_TTL_SECONDS: '86400' },
});
const { api, clock, smtp, receiver, accessToken, accountId } = world;
const otherClock = new ManualClock(clock.now());
const other = await createRuntime(api.config, { clock: otherClock });
afterAll(async () => {
  await other.close();
  await world.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const db = () => api.runtime.ctx.db;
/** How many blobs are stored (`blobs` lists every one, files or rows). */
const blobCount = () => db().$count(blobs);

let sent = 0;
/** An own-PDF session with fresh documents (so every final is a new blob) and fresh signer addresses. */
async function send(documents: number, notify = true) {
  const n = ++sent;
  const drive = await localDrive(api.runtime.ctx, accountId);
  const files: string[] = [];
  for (let d = 0; d < documents; d++)
    files.push((await drive.put(`Doc ${n}-${d}.pdf`, await makePdf(2, `completion-${n}-${d}`))).cloudFileId);
  const emails = [`ann.${n}@example.test`, `bob.${n}@example.test`];
  const session = await sendOneEntry(api, accessToken, {
    cloudFileIds: files,
    title: `Completion ${n}`,
    authRequirement: 'public',
    notify,
    signingRequests: [
      {
        recipients: [
          { name: 'Ann Alpha', email: emails[0]! },
          { name: 'Bob Beta', email: emails[1]! },
        ],
      },
    ],
  });
  return {
    ...session,
    emails,
  };
}

/** Ann and Bob sign; their completion job is lost, so only the test's runs complete the session. */
const signAll = (s: { sessionId: string; tokens: string[] }) =>
  signLosingCompletionJob(api, s, ['Ann Alpha', 'Bob Beta']);

const row = async (sessionId: string) => {
  const { status, completedAt, completionClaim: claim, completionClaimedUntil: claimedUntil } = sessions;
  const { completionTime, completionFailures: failures, completionError: error } = sessions;
  const [found] = await db()
    .select({ status, completedAt, claim, claimedUntil, completionTime, failures, error })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return found!;
};

/**
 * Records every blob either runtime stores from now on (finalize is deterministic for one completion time,
 * so counting files alone would not show a losing run writing its copy of the same PDF).
 */
function recordBlobWrites() {
  const writes: string[] = [];
  const restore: (() => void)[] = [];
  for (const [name, runtime] of [
    ['api', api.runtime],
    ['other', other],
  ] as const) {
    const { blobs } = runtime.ctx;
    const put = blobs.put;
    blobs.put = async (bytes, known) => {
      const sha = await put.call(blobs, bytes, known);
      writes.push(`${name}:${sha}`);
      return sha;
    };
    restore.push(() => {
      blobs.put = put;
    });
  }
  return {
    writes,
    restore: () => {
      for (const r of restore) r();
    },
  };
}

const finals = async (sessionId: string) =>
  (
    await db()
      .select({ sha: documents.finalSha256 })
      .from(documents)
      .where(eq(documents.sessionId, sessionId))
      .orderBy(documents.position)
  ).map((d) => d.sha);

async function download(url: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return sha256(new Uint8Array(await res.arrayBuffer()));
}

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value);
const completionMails = (email: string) =>
  smtp.messages.filter((m) => m.attachments.length > 0 && to(m).some((a) => a.address === email));

/**
 * What integrators and signers get of a completed session all names the same PDFs: the download, each
 * signer's completion email attachment and the session.completed webhook (its downloadUrl), exactly once.
 */
async function expectOneFinalEverywhere(s: Awaited<ReturnType<typeof send>>) {
  const final = await finals(s.sessionId);
  expect(final.every((sha) => sha !== null)).toBe(true);
  const served = await Promise.all(
    s.documentIds.map((d) => download(`${api.url}/api/sessions/${s.sessionId}/documents/${d}`)),
  );
  expect(served).toEqual(final);

  for (const email of s.emails) await smtp.waitFor((m) => completionMails(email).includes(m));
  for (const email of s.emails) {
    const mails = completionMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments.map((a) => sha256(a.content))).toEqual(final);
  }

  const hook = await receiver.waitFor(
    (r) => r.event.type === 'session.completed' && r.event.data.sessionId === s.sessionId,
  );
  const hookDocs = hook.event.data.documents as { downloadUrl: string; signed: boolean }[];
  expect(hookDocs.every((d) => d.signed)).toBe(true);
  expect(await Promise.all(hookDocs.map((d) => download(d.downloadUrl)))).toEqual(final);
  expect(
    receiver.received.filter(
      (r) => r.event.type === 'session.completed' && r.event.data.sessionId === s.sessionId,
    ),
  ).toHaveLength(1);

  // The completion time was decided once: it is the session's completedAt and the seal's signing time.
  const { completedAt, completionTime } = await row(s.sessionId);
  expect(completedAt).toBe(completionTime);
  const sealTime = PDFString.fromDate(new Date(completedAt!)).toString();
  for (const sha of final) {
    const pdf = Buffer.from(await api.runtime.ctx.blobs.read(sha!));
    expect(pdf.includes(sealTime)).toBe(true);
  }
}

/**
 * A signed two-document session whose completion a run in this process has started and claimed: that run,
 * the blob count before it, and a record of every blob either runtime writes from then on.
 */
async function firstRunClaimed() {
  const s = await send(2);
  await signAll(s);
  const before = await blobCount();
  const blobWrites = recordBlobWrites();
  const first = completeSession(api.runtime.ctx, s.sessionId);
  await until('the first run holds its claim', async () => (await row(s.sessionId)).claim !== null);
  return { s, before, blobWrites, first };
}

describe('overlapping completions of one session', () => {
  it('a second run (another process) does nothing while the first holds its claim', async () => {
    // The job in this process starts and claims the session...
    const { s, before, blobWrites, first: job } = await firstRunClaimed();
    // ...while the other process re-runs the stalled job and sweeps, seconds later by its clock.
    otherClock.set(clock.now() + 2_000);
    const rerun = completeSession(other.ctx, s.sessionId);
    const swept = await sweep(other.ctx);

    expect(await rerun).toEqual({ completed: false });
    expect(swept).toMatchObject({ completed: 0, failed: 0 });
    expect(await job).toEqual({ completed: true });
    expect(await row(s.sessionId)).toMatchObject({ status: 'completed', claim: null, claimedUntil: null });
    expect((await blobCount()) - before).toBe(2);
    // Once completed, every later run (a late job, a sweep) answers completed and writes nothing.
    expect(await completeSession(other.ctx, s.sessionId)).toEqual({ completed: true });
    expect((await sweep(other.ctx)).completed).toBe(0);
    blobWrites.restore();
    expect((await blobCount()) - before).toBe(2);
    expect(blobWrites.writes).toEqual((await finals(s.sessionId)).map((sha) => `api:${sha}`));
    await expectOneFinalEverywhere(s);
  });

  it('a run that outlived its lease and one that took over: one final per document, one completion', async () => {
    const { s, before, blobWrites, first } = await firstRunClaimed();
    const { completionTime: decided, claim: firstClaim } = await row(s.sessionId);
    expect(decided).toBe(clock.now());
    // The other process sees the first run's lease lapsed (the first is slow, not dead) and takes over.
    otherClock.set(clock.now() + COMPLETION_LEASE_MS + 1);
    const second = completeSession(other.ctx, s.sessionId);
    await until('the second run took over', async () => (await row(s.sessionId)).claim !== firstClaim);
    expect((await row(s.sessionId)).completionTime).toBe(decided); // the completion time stays the first run's
    const results = await Promise.all([first, second]);
    blobWrites.restore();

    expect(results.some((r) => r.completed)).toBe(true);
    expect(await row(s.sessionId)).toMatchObject({ status: 'completed', completedAt: decided });
    expect((await blobCount()) - before).toBe(2);
    // Both runs finalized the first document; only the one that stored it first wrote it.
    expect(blobWrites.writes.map((w) => w.split(':')[1])).toEqual(await finals(s.sessionId));
    await expectOneFinalEverywhere(s);
  });

  it('the job in the API process and another worker process sweeping all along', async () => {
    const s = await send(2);
    const before = await blobCount();
    let signingStartedAt = 0;
    let completedAt = 0;
    const sweeper = spawnEntry(
      'apps/api/test/fixtures/completion-sweeper.ts',
      {
        ...api.dataEnv,
        PUBLIC_URL: api.config.publicUrl,
        SMTP_URL: smtp.url,
        REDIS_URL: '',
      },
      ['6000'],
    );
    try {
      // Real time from here: the child runs on the system clock.
      clock.set(Date.now());
      await sweeper.waitForOutput('sweeping', 60_000); // a cold tsx start on a busy machine takes a while
      signingStartedAt = Date.now();
      const signed = [];
      for (const [i, token] of s.tokens.entries()) {
        const res = await api.fetch(`/api/signing/${token}/sign`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            values: [],
            signature: { kind: 'typed', value: i === 0 ? 'Ann Alpha' : 'Bob Beta' },
          }),
        });
        signed.push(res.status);
      }
      expect(signed).toEqual([200, 200]);
      await vi.waitFor(async () => expect((await row(s.sessionId)).status).toBe('completed'), {
        timeout: 20_000,
      });
      completedAt = Date.now();
      expect(await sweeper.exited).toBe(0);
    } finally {
      sweeper.signal('SIGKILL');
    }
    const child = JSON.parse(sweeper.output().trim().split('\n').at(-1)!) as {
      completed: number;
      failed: number;
      passes: number;
      firstPassAt: number;
      lastPassAt: number;
    };
    expect(child.failed).toBe(0);
    // The race happened: the other process swept before the signatures and after the session completed.
    expect(child.firstPassAt).toBeLessThanOrEqual(signingStartedAt); // the same millisecond happens
    expect(child.lastPassAt).toBeGreaterThan(completedAt);
    expect((await row(s.sessionId)).status).toBe('completed');
    expect((await blobCount()) - before).toBe(2);
    await expectOneFinalEverywhere(s);
  }, 120_000);

  it('a run that died holding the claim is taken over once its lease lapses, with its completion time', async () => {
    const s = await send(1, false);
    await signAll(s);
    // What a worker killed mid-finalize leaves behind: a live claim and the completion time it decided.
    const decided = clock.now() - 1_000;
    await db()
      .update(sessions)
      .set({
        completionClaim: 'dead-run',
        completionClaimedUntil: clock.now() + COMPLETION_LEASE_MS,
        completionTime: decided,
      })
      .where(eq(sessions.id, s.sessionId));

    expect((await sweep(api.runtime.ctx)).completed).toBe(0);
    expect(await completeSession(api.runtime.ctx, s.sessionId)).toEqual({ completed: false });
    clock.advance(COMPLETION_LEASE_MS);
    expect((await sweep(api.runtime.ctx)).completed).toBe(1);
    expect(await row(s.sessionId)).toMatchObject({ status: 'completed', completedAt: decided, claim: null });
  });
});

describe('a session whose completion fails', () => {
  it('is logged and backed off; the sweep completes the others meanwhile; fixed, it completes', async () => {
    const poison = await send(1);
    await signAll(poison);
    const broken = await breakSignature(api, poison.sessionId);
    clock.advance(1_000);
    // A session whose completion job was lost: only the sweep can complete it. It comes after the poison one.
    const lost = await send(1);
    await signAll(lost);

    const logged: { obj: { sessionId?: string; err?: unknown }; msg: string }[] = [];
    const log: SweepLog = {
      error: (obj, msg) => logged.push({ obj: obj as (typeof logged)[0]['obj'], msg }),
    };

    expect(await sweep(api.runtime.ctx, log)).toMatchObject({ completed: 1, failed: 1 });
    expect((await row(lost.sessionId)).status).toBe('completed');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.obj.sessionId).toBe(poison.sessionId);
    expect((logged[0]!.obj.err as Error).message).toContain(poison.sessionId);
    const failedAt = clock.now();
    expect(await row(poison.sessionId)).toMatchObject({
      status: 'active',
      claim: null,
      failures: 1,
      claimedUntil: failedAt + completionRetryDelay(1),
    });
    expect((await row(poison.sessionId)).error).toMatch(/PNG/i);
    expect(await finals(poison.sessionId)).toEqual([null]);

    // Not retried on every pass: the next passes skip it until its back-off is over.
    expect(await sweep(api.runtime.ctx, log)).toMatchObject({ completed: 0, failed: 0 });
    expect(await sweep(other.ctx, log)).toMatchObject({ completed: 0, failed: 0 });
    // A job started meanwhile (a retry) reports the failure without running finalize again.
    const retry = await completeSession(api.runtime.ctx, poison.sessionId).catch((e: unknown) => e);
    expect(retry).toBeInstanceOf(CompletionFailedError);
    expect((retry as Error).message).toContain(poison.sessionId);
    expect((await row(poison.sessionId)).failures).toBe(1);
    expect(logged).toHaveLength(1);

    // Due again after a minute, then after two more: the delay doubles (at most an hour).
    clock.advance(completionRetryDelay(1));
    expect(await sweep(api.runtime.ctx, log)).toMatchObject({ failed: 1 });
    expect(await row(poison.sessionId)).toMatchObject({
      failures: 2,
      claimedUntil: clock.now() + completionRetryDelay(2),
    });
    expect(await sweep(api.runtime.ctx, log)).toMatchObject({ failed: 0 });
    expect(completionRetryDelay(2)).toBe(2 * completionRetryDelay(1));
    expect(completionRetryDelay(30)).toBe(60 * 60_000);

    // What the integrator sees meanwhile: the session answers, active, every signer signed, nothing signed yet.
    const detail = await api.fetch(`/api/sessions/${poison.sessionId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as {
      status: string;
      completedAt: string | null;
      participants: { status: string }[];
      documents: { signed: boolean }[];
    };
    expect(body).toMatchObject({ status: 'active', completedAt: null });
    expect(body.participants.map((p) => p.status)).toEqual(['signed', 'signed']);
    expect(body.documents.map((d) => d.signed)).toEqual([false]);
    // Cancel: 409, and the message says what is true (signed by everyone, documents not produced yet).
    const cancel = await api.post('/api/sessions/cancel', { sessionId: poison.sessionId }, accessToken);
    expect(cancel.status).toBe(409);
    const refused = (await cancel.json()) as { error: string; message: string };
    expect(refused.error).toBe('session_completed');
    expect(refused.message).toMatch(/every signer has signed/);
    expect(refused.message).not.toMatch(/documents stand/);

    // The cause fixed (here: the stored image), the next attempt completes it, with the time decided first.
    await broken.restore();
    const decided = (await row(poison.sessionId)).completionTime;
    clock.advance(completionRetryDelay(2));
    expect(await sweep(api.runtime.ctx, log)).toMatchObject({ completed: 1, failed: 0 });
    expect(await row(poison.sessionId)).toMatchObject({ status: 'completed', completedAt: decided });
    await expectOneFinalEverywhere(poison);
  });

  it('a failing completion job records the failure too, and its retries do not run finalize again', async () => {
    const s = await send(1, false);
    await signAll(s);
    await breakSignature(api, s.sessionId, 1);
    const run = () => completeSession(api.runtime.ctx, s.sessionId).catch((e: unknown) => e);
    // The job's attempts (BullMQ retries it): the first fails in finalize, the others find it backed off.
    const errors = [await run(), await run(), await run()];
    for (const e of errors) {
      expect(e).toBeInstanceOf(CompletionFailedError);
      expect((e as Error).message).toContain(s.sessionId);
    }
    expect(await row(s.sessionId)).toMatchObject({ status: 'active', failures: 1 });
  });
});
