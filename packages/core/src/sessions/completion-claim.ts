import { randomUUID } from 'node:crypto';
import { participants, sessions } from '@countersign/db';
import { and, eq, isNull, lte, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { emitSessionEvent } from '../events/emit.ts';
import { HOUR_MS, MINUTE_MS } from '../support/clock.ts';
import { audit } from './audit.ts';
import { sessionById } from './session-lookup.ts';

// The bookkeeping that lets any number of completion runs start for one session (completeSession in
// complete.ts): the claim (a lease), the completion time decided once, and the back-off after failures.

/**
 * How long a completion run holds its claim on a session (renewed before each document). While it holds it,
 * no other run (another worker's sweep, a re-run of a stalled job) starts; once it lapses (the run's process
 * died) the next sweep takes over.
 */
export const COMPLETION_LEASE_MS = 5 * MINUTE_MS;

/** After the n-th failed attempt in a row the next one waits 1 minute, doubling each time, at most an hour. */
export const completionRetryDelay = (failures: number): number =>
  Math.min(MINUTE_MS * 2 ** Math.max(0, failures - 1), HOUR_MS);

/**
 * Failed attempts after which completion gives up: the session becomes `failed` (with the last reason), a
 * `session.completion_failed` webhook says so, and only the operator's retry (`pnpm cli sessions
 * retry-completion`) or a cancel moves it on. With the doubling back-off that is about four hours of trying.
 */
export const COMPLETION_MAX_ATTEMPTS = 8;

/** Longest error message kept with the session (completion_error). */
const ERROR_CHARS = 1000;

/**
 * A completion attempt that failed, or a session whose completion is failing and waits for its next attempt
 * (the session stays active, every signature stands). The message names the session.
 */
export class CompletionFailedError extends Error {
  override name = 'CompletionFailedError';
  constructor(
    readonly sessionId: string,
    /** Failed attempts so far, and when the next one is due (unknown if the failure could not be recorded). */
    readonly failures: number | null,
    readonly retryAt: number | null,
    cause: unknown,
  ) {
    const next =
      retryAt === null
        ? failures !== null && failures >= COMPLETION_MAX_ATTEMPTS
          ? '; gave up, the session is failed'
          : ''
        : `; next attempt after ${new Date(retryAt).toISOString()}`;
    const attempts =
      failures === null ? '' : ` (${failures} failed attempt${failures === 1 ? '' : 's'}${next})`;
    super(`completing session ${sessionId} failed${attempts}: ${errorMessage(cause)}`, { cause });
  }
}

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Sessions a completion run may claim at `now`: active, every participant signed, and no live claim (a
 * run at work, or the back-off after a failed attempt). The sweep selects with the same condition.
 */
export function completionDue(ctx: ServiceContext, now: number): SQL {
  return and(
    eq(sessions.status, 'active'),
    or(isNull(sessions.completionClaimedUntil), lte(sessions.completionClaimedUntil, now)),
    notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(participants)
        .where(and(eq(participants.sessionId, sessions.id), ne(participants.status, 'signed'))),
    ),
  )!;
}

export interface Claim {
  token: string;
  /** The completion time: decided by the first run that claimed the session, kept by every later one. */
  completedAt: number;
}

/** Takes the session's completion lease if it is due (see completionDue); undefined if not. */
export async function claimCompletion(ctx: ServiceContext, sessionId: string): Promise<Claim | undefined> {
  const now = ctx.clock.now();
  const token = randomUUID();
  const row = (
    await ctx.db
      .update(sessions)
      .set({
        completionClaim: token,
        completionClaimedUntil: now + COMPLETION_LEASE_MS,
        completionTime: sql`coalesce(${sessions.completionTime}, ${now})`,
      })
      .where(and(eq(sessions.id, sessionId), completionDue(ctx, now)))
      .returning({ completionTime: sessions.completionTime })
  )[0];
  return row ? { token, completedAt: row.completionTime ?? now } : undefined;
}

/** Extends this run's lease; false if another run has taken the session over (this one's lease lapsed). */
export async function renewClaim(ctx: ServiceContext, sessionId: string, claim: Claim): Promise<boolean> {
  const renewed = await ctx.db
    .update(sessions)
    .set({ completionClaimedUntil: ctx.clock.now() + COMPLETION_LEASE_MS })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.status, 'active'),
        eq(sessions.completionClaim, claim.token),
      ),
    )
    .returning({ id: sessions.id });
  return renewed.length === 1;
}

/**
 * The answer of a run that did not (or no longer) complete the session itself: whether it is completed.
 * Throws while the session's completion is failing and waiting for its next attempt, so a job started
 * meanwhile reports the failure instead of succeeding quietly.
 */
export async function outcome(ctx: ServiceContext, sessionId: string): Promise<{ completed: boolean }> {
  const row = await sessionById(ctx, sessionId);
  const error = () => new Error(row?.completionError ?? 'unknown');
  if (row?.status === 'failed') {
    throw new CompletionFailedError(sessionId, row.completionFailures, null, error());
  }
  if (
    row?.status === 'active' &&
    row.completionClaim === null &&
    row.completionFailures > 0 &&
    row.completionClaimedUntil !== null &&
    row.completionClaimedUntil > ctx.clock.now()
  ) {
    throw new CompletionFailedError(sessionId, row.completionFailures, row.completionClaimedUntil, error());
  }
  return { completed: row?.status === 'completed' };
}

/**
 * A failed attempt of the run holding the claim: count it, keep its error and hold the session back until
 * the next attempt is due (the lease column doubles as the back-off). Returns what was recorded, or
 * undefined if this run no longer holds the claim or the write itself failed (the lease then lapses).
 */
export async function recordFailure(
  ctx: ServiceContext,
  sessionId: string,
  claim: Claim,
  err: unknown,
): Promise<{ failures: number; retryAt: number | null } | undefined> {
  try {
    return await ctx.db.transaction(async () => {
      const row = await sessionById(ctx, sessionId);
      if (row?.status !== 'active' || row.completionClaim !== claim.token) return undefined;
      const failures = row.completionFailures + 1;
      const reason = errorMessage(err).slice(0, ERROR_CHARS);
      if (failures >= COMPLETION_MAX_ATTEMPTS) {
        await giveUp(ctx, sessionId, failures, reason);
        return { failures, retryAt: null };
      }
      const retryAt = ctx.clock.now() + completionRetryDelay(failures);
      await ctx.db
        .update(sessions)
        .set({
          completionClaim: null,
          completionClaimedUntil: retryAt,
          completionFailures: failures,
          completionError: reason,
        })
        .where(eq(sessions.id, sessionId));
      return { failures, retryAt };
    });
  } catch {
    return undefined;
  }
}

/** active -> failed, in the caller's write transaction: recorded, audited, and told to the webhooks. */
async function giveUp(
  ctx: ServiceContext,
  sessionId: string,
  failures: number,
  reason: string,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(sessions)
    .set({
      status: 'failed',
      failedAt: now,
      updatedAt: now,
      completionClaim: null,
      completionClaimedUntil: null,
      completionFailures: failures,
      completionError: reason,
    })
    .where(eq(sessions.id, sessionId));
  await audit(ctx, { sessionId, type: 'session.completion_failed', data: { attempts: failures, reason } });
  await emitSessionEvent(ctx, sessionId, 'session.completion_failed', { reason });
}

/**
 * The operator's retry (`pnpm cli sessions retry-completion`): a `failed` session, or an active one waiting out
 * its back-off, becomes due now with its attempt count reset. Returns false when there is nothing to retry.
 */
export async function allowCompletionRetry(
  ctx: ServiceContext,
  accountId: string | null,
  sessionId: string,
): Promise<boolean> {
  return await ctx.db.transaction(async () => {
    const row = await sessionById(ctx, sessionId);
    if (!row || (accountId !== null && row.accountId !== accountId)) return false;
    if (row.status !== 'failed' && !(row.status === 'active' && row.completionFailures > 0)) return false;
    await ctx.db
      .update(sessions)
      .set({
        status: 'active',
        failedAt: null,
        completionClaim: null,
        completionClaimedUntil: null,
        completionFailures: 0,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(sessions.id, sessionId));
    await audit(ctx, {
      sessionId,
      type: 'session.completion_retried',
      data: { previousAttempts: row.completionFailures },
    });
    return true;
  });
}
