import { auditEvents } from '@countersign/db';
import { asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';

/** The session's audit trail as a timeline, oldest first (what the sessions page shows). */
export async function sessionTimeline(ctx: ServiceContext, sessionId: string) {
  return (
    await ctx.db
      .select({
        type: auditEvents.type,
        at: auditEvents.at,
        participantId: auditEvents.participantId,
      })
      .from(auditEvents)
      .where(eq(auditEvents.sessionId, sessionId))
      .orderBy(asc(auditEvents.at))
  ).map((e) => ({ type: e.type, at: new Date(e.at).toISOString(), participantId: e.participantId }));
}
