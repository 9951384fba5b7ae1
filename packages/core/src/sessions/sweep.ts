import { participants, sessions } from '@countersign/db';
import { and, eq, notExists, or, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { completeSession } from './complete.ts';
import { expireDueSessions, queueDueReminders } from './lifecycle.ts';

export interface SweepResult {
  expired: number;
  reminders: number;
  completed: number;
}

/**
 * One pass over the durable state that time drives: expiry, reminders, and completions whose job was
 * lost (a crash between the last signature and its job). Every step re-checks inside its own write
 * transaction, so any number of workers may sweep at once.
 */
export async function sweep(ctx: ServiceContext): Promise<SweepResult> {
  const expired = expireDueSessions(ctx);
  const reminders = queueDueReminders(ctx);
  const fullySigned = ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.status, 'active'),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(participants)
            .where(and(eq(participants.sessionId, sessions.id), or(sql`${participants.status} <> 'signed'`))),
        ),
      ),
    )
    .limit(20)
    .all();
  let completed = 0;
  for (const { id } of fullySigned) if ((await completeSession(ctx, id)).completed) completed++;
  return { expired, reminders, completed };
}
