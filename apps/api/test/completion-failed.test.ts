import {
  COMPLETION_MAX_ATTEMPTS,
  CompletionFailedError,
  completeSession,
  completionRetryDelay,
  localDrive,
  sweep,
} from '@countersign/core';
import type { SessionDetail } from '@countersign/schemas';
import { runCli } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { breakSignature, signLosingCompletionJob } from './completion-support.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { sendOneEntry } from './send-support.ts';

// A completion that fails on every attempt gets an end state: after COMPLETION_MAX_ATTEMPTS the session is
// `failed` (readable with its reason), a webhook says so, the operator retries it from the CLI (a real
// process on the same DATA_DIR), and it can be cancelled.

const world = await startApiWorld({
  worker: false,
  webhooks: true,
  account: 'Stuck completion',
  env: { ACCESS_TOKEN_TTL_SECONDS: '86400' },
});
const { api, clock, receiver, accessToken, accountId } = world;
afterAll(() => world.close());

let sent = 0;
/** A one-signer session, signed, whose stored signature finalize cannot embed; `fix()` puts the good one back. */
async function stuckSession(): Promise<{ sessionId: string; fix(): Promise<void> }> {
  const n = ++sent;
  const file = await (await localDrive(api.runtime.ctx, accountId)).put(
    `Stuck ${n}.pdf`,
    await makePdf(1, `stuck-${n}`),
  );
  const { sessionId, tokens } = await sendOneEntry(api, accessToken, {
    cloudFileIds: [file.cloudFileId],
    title: `Stuck ${n}`,
    authRequirement: 'public',
    notify: false,
    signingRequests: [{ recipients: [{ name: 'Ann Alpha', email: `ann.${n}@example.test` }] }],
  });
  // Its completion job is lost: only the test's sweeps attempt the completion, at the times it sets.
  await signLosingCompletionJob(api, { sessionId, tokens }, ['Ann Alpha']);
  return { sessionId, fix: (await breakSignature(api, sessionId)).restore };
}

/** Runs the sweep through every back-off until the session has no automatic attempt left. */
async function failEveryAttempt(): Promise<void> {
  for (let attempt = 1; attempt <= COMPLETION_MAX_ATTEMPTS; attempt++) {
    expect(await sweep(api.runtime.ctx)).toMatchObject({ failed: 1, completed: 0 });
    clock.advance(completionRetryDelay(attempt));
  }
  // No more attempts: the sweep leaves it alone.
  expect(await sweep(api.runtime.ctx)).toMatchObject({ failed: 0, completed: 0 });
  clock.advance(2 * 3_600_000);
  expect(await sweep(api.runtime.ctx)).toMatchObject({ failed: 0, completed: 0 });
}

async function detail(sessionId: string) {
  const res = await api.fetch(`/api/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionDetail;
}

describe('a completion that fails on every attempt', () => {
  it('ends failed with its reason, says so by webhook, and completes once the operator retries', async () => {
    const s = await stuckSession();
    // While still retrying, the detail says why and when the next attempt is due.
    expect(await sweep(api.runtime.ctx)).toMatchObject({ failed: 1 });
    const retrying = await detail(s.sessionId);
    expect(retrying.status).toBe('active');
    expect(retrying.completionFailure).toMatchObject({ attempts: 1, failedAt: null });
    expect(retrying.completionFailure!.nextAttemptAt).toBe(
      new Date(clock.now() + completionRetryDelay(1)).toISOString(),
    );
    clock.advance(completionRetryDelay(1));
    for (let attempt = 2; attempt <= COMPLETION_MAX_ATTEMPTS; attempt++) {
      expect(await sweep(api.runtime.ctx)).toMatchObject({ failed: 1, completed: 0 });
      clock.advance(completionRetryDelay(attempt));
    }
    const failedAt = clock.now() - completionRetryDelay(COMPLETION_MAX_ATTEMPTS);
    // Given up: nothing due any more, however long we wait.
    clock.advance(2 * 3_600_000);
    expect(await sweep(api.runtime.ctx)).toMatchObject({ failed: 0, completed: 0 });

    const failed = await detail(s.sessionId);
    expect(failed).toMatchObject({ status: 'failed', completedAt: null, documents: [{ signed: false }] });
    expect(failed.completionFailure).toMatchObject({
      attempts: COMPLETION_MAX_ATTEMPTS,
      failedAt: new Date(failedAt).toISOString(),
      nextAttemptAt: null,
    });
    expect(failed.completionFailure!.reason).toMatch(/PNG/i);
    // Listed by its status too.
    const listed = await api.fetch('/api/sessions?status=failed', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(
      ((await listed.json()) as { sessions: { sessionId: string }[] }).sessions.map((x) => x.sessionId),
    ).toContain(s.sessionId);
    // A job started now reports the failure and runs nothing.
    const late = await completeSession(api.runtime.ctx, s.sessionId).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(CompletionFailedError);
    expect((late as Error).message).toMatch(/gave up/);

    const hook = await receiver.waitFor(
      (r) => r.event.type === 'session.completion_failed' && r.event.data.sessionId === s.sessionId,
    );
    expect(hook.event.data.reason).toMatch(/PNG/i);
    expect(
      receiver.received.filter(
        (r) => r.event.type === 'session.completion_failed' && r.event.data.sessionId === s.sessionId,
      ),
    ).toHaveLength(1);

    // The operator's retry while the cause persists: exit 1 with the reason, and back on the back-off.
    const env = { ...api.dataEnv, LOG_LEVEL: 'silent' };
    const again = await runCli(['sessions', 'retry-completion', '--session', s.sessionId], env);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toContain(s.sessionId);
    expect((await detail(s.sessionId)).status).toBe('active');
    expect((await detail(s.sessionId)).completionFailure).toMatchObject({ attempts: 1 });

    // The cause fixed, the operator's retry completes it.
    await s.fix();
    const retried = await runCli(['sessions', 'retry-completion', '--session', s.sessionId], env);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.json).toEqual({ sessionId: s.sessionId, completed: true });
    const done = await detail(s.sessionId);
    expect(done).toMatchObject({
      status: 'completed',
      completionFailure: null,
      documents: [{ signed: true }],
    });
    // Nothing left to retry.
    const nothing = await runCli(['sessions', 'retry-completion', '--session', s.sessionId], env);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/nothing to retry/);
  }, 120_000);

  it('a failed session can be cancelled', async () => {
    const s = await stuckSession();
    await failEveryAttempt();
    expect((await detail(s.sessionId)).status).toBe('failed');
    const cancel = await api.post(
      '/api/sessions/cancel',
      { sessionId: s.sessionId, reason: 'gave up' },
      accessToken,
    );
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ sessionId: s.sessionId, cancelled: true, alreadyCancelled: false });
    expect((await detail(s.sessionId)).status).toBe('cancelled');
    await receiver.waitFor(
      (r) => r.event.type === 'session.cancelled' && r.event.data.sessionId === s.sessionId,
    );
  }, 120_000);
});
