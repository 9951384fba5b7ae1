import { rateLimitWindows } from '@countersign/db';
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';

/**
 * Fixed-window counters kept in SQLite, so every API process on the host shares them.
 * Returns how many hits the key has in the current window and when that window ends.
 */
export async function countHits(
  ctx: ServiceContext,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetAt: number }> {
  const now = ctx.clock.now();
  const row = (await ctx.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, key)).limit(1))[0];
  if (!row || row.windowStart + windowMs <= now) return { count: 0, resetAt: now + windowMs };
  return { count: row.count, resetAt: row.windowStart + windowMs };
}

export async function recordHit(ctx: ServiceContext, key: string, windowMs: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(rateLimitWindows)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        count: sql`CASE WHEN ${rateLimitWindows.windowStart} + ${windowMs} <= ${now} THEN 1 ELSE ${rateLimitWindows.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimitWindows.windowStart} + ${windowMs} <= ${now} THEN ${now} ELSE ${rateLimitWindows.windowStart} END`,
      },
    });
}
