import { sessions } from '@countersign/db';
import { asc } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { completeSession } from './complete.ts';
import { completionDue } from './completion-claim.ts';
import { expireDueSessions, queueDueReminders } from './lifecycle.ts';
import { purgePending, requestDuePurges } from './purge.ts';
import { deleteExpiredAnswers } from './purge-traces.ts';

export interface SweepResult {
  expired: number;
  reminders: number;
  completed: number;
  /** Completions attempted by this pass that failed (logged; each session retried after its back-off). */
  failed: number;
  /** Sessions purged: retention that ran out, and asked-for purges whose job was lost or crashed. */
  purged: number;
}

/** Where a sweep reports a session it could not complete (the worker's logger). */
export interface SweepLog {
  error(obj: unknown, msg: string): void;
}

/** Completions one pass attempts at most, one after another. */
const COMPLETIONS_PER_PASS = 20;

/**
 * One pass over the durable state that time drives: expiry, reminders, retention purges, and completions
 * (and purges) whose job was lost (a crash between the last signature and its job) or whose run died. Every step re-checks inside its
 * own write transaction, and a completion claims its session first, so any number of workers may sweep at
 * once. A completion that fails is logged and the pass goes on with the next session; the failed one is
 * not due again before its back-off (see completeSession), and sessions that never failed come first.
 */
export async function sweep(ctx: ServiceContext, log?: SweepLog): Promise<SweepResult> {
  const expired = await expireDueSessions(ctx);
  const reminders = await queueDueReminders(ctx);
  const due = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(completionDue(ctx, ctx.clock.now()))
    .orderBy(asc(sessions.completionFailures), asc(sessions.updatedAt), asc(sessions.id))
    .limit(COMPLETIONS_PER_PASS);
  let completed = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      if ((await completeSession(ctx, id)).completed) completed++;
    } catch (err) {
      failed++;
      log?.error({ err, sessionId: id }, 'session completion failed');
    }
  }
  await requestDuePurges(ctx);
  const purged = await purgePending(ctx, log);
  await deleteExpiredAnswers(ctx);
  return { expired, reminders, completed, failed, purged };
}
