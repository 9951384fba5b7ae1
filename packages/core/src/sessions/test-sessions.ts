import { sessions } from '@countersign/db';
import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';

/**
 * Deletes every test session of the account (documents, participants, values, audit trail go with them by
 * cascade); real sessions are never touched. Blobs stay: they are shared by content and cost nothing extra.
 */
export async function purgeTestSessions(ctx: ServiceContext, accountId: string): Promise<{ purged: number }> {
  const result = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.test, true)))
    .returning({ id: sessions.id });
  return { purged: result.length };
}
