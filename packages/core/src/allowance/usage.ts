import { allowanceDaily } from '@countersign/db';
import { and, eq, gte } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DAY_MS } from '../support/clock.ts';
import { allowanceState } from './allowance.ts';

const CHART_DAYS = 30;

/** The allowance as the web app shows it: used and left in this period, when it renews, the last 30 days. */
export async function allowanceUsageView(ctx: ServiceContext, accountId: string) {
  const state = await allowanceState(ctx, accountId);
  const today = Math.floor(ctx.clock.now() / DAY_MS);
  const first = today - CHART_DAYS + 1;
  const rows = await ctx.db
    .select({ day: allowanceDaily.day, units: allowanceDaily.units })
    .from(allowanceDaily)
    .where(and(eq(allowanceDaily.accountId, accountId), gte(allowanceDaily.day, first)));
  const byDay = new Map(rows.map((r) => [r.day, r.units]));
  return {
    limit: state.limit,
    used: state.limit - state.remaining,
    left: state.remaining,
    resetsAt: new Date(state.resetAt).toISOString(),
    daily: Array.from({ length: CHART_DAYS }, (_, i) => ({
      date: new Date((first + i) * DAY_MS).toISOString().slice(0, 10),
      units: byDay.get(first + i) ?? 0,
    })),
  };
}
