import { allowanceDaily, allowances, allowanceUsage } from '@countersign/db';
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DAY_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';

/**
 * Prices in allowance units. A template send is cheap (its documents were prepared at design time); an
 * own-PDF send downloads, checks and prepares PDFs, so it costs far more (spec part 1).
 */
export const PRICES = {
  templateSendEntry: 1,
  ownPdfSendEntry: 10,
  ownPdfSendDocument: 50,
} as const;

/** Default allowance: generous for real integrations, yet a runaway loop stops within a day. */
export const DEFAULT_ALLOWANCE = { units: 200_000, periodMs: DAY_MS } as const;

export interface AllowanceState {
  limit: number;
  remaining: number;
  /** When the current window ends (ms since epoch). */
  resetAt: number;
}

async function settings(ctx: ServiceContext, accountId: string) {
  return (
    (await ctx.db.select().from(allowances).where(eq(allowances.accountId, accountId)).limit(1))[0] ??
    DEFAULT_ALLOWANCE
  );
}

export async function allowanceState(ctx: ServiceContext, accountId: string): Promise<AllowanceState> {
  const { units, periodMs } = await settings(ctx, accountId);
  const now = ctx.clock.now();
  const usage = (
    await ctx.db.select().from(allowanceUsage).where(eq(allowanceUsage.accountId, accountId)).limit(1)
  )[0];
  const current = usage && usage.windowStart + periodMs > now ? usage : undefined;
  return {
    limit: units,
    remaining: Math.max(0, units - (current?.used ?? 0)),
    resetAt: (current?.windowStart ?? now) + periodMs,
  };
}

/** 429 with Retry-After when not even `minimum` units are left: nothing is attempted then. */
export async function requireAllowance(
  ctx: ServiceContext,
  accountId: string,
  minimum: number,
): Promise<AllowanceState> {
  const state = await allowanceState(ctx, accountId);
  if (state.remaining < minimum) {
    const retryAfter = Math.max(1, Math.ceil((state.resetAt - ctx.clock.now()) / 1000));
    throw new DomainError(
      'allowance_exhausted',
      `the API allowance of this account is used up (${state.limit} units per period); it renews in ${retryAfter} s`,
      {},
      { 'Retry-After': String(retryAfter) },
    );
  }
  return state;
}

/**
 * Spends units inside the caller's transaction; false (nothing spent) when they are not available, so a
 * send can fail just the rows the allowance no longer covers.
 */
export async function trySpend(ctx: ServiceContext, accountId: string, units: number): Promise<boolean> {
  const state = await allowanceState(ctx, accountId);
  if (state.remaining < units) return false;
  const { periodMs } = await settings(ctx, accountId);
  const windowStart = state.resetAt - periodMs;
  const used = state.limit - state.remaining + units;
  await ctx.db
    .insert(allowanceUsage)
    .values({ accountId, windowStart, used })
    .onConflictDoUpdate({ target: allowanceUsage.accountId, set: { windowStart, used } });
  // The per-day record behind the web app's chart (the window above may be any length).
  await ctx.db
    .insert(allowanceDaily)
    .values({ accountId, day: Math.floor(ctx.clock.now() / DAY_MS), units })
    .onConflictDoUpdate({
      target: [allowanceDaily.accountId, allowanceDaily.day],
      set: { units: sql`${allowanceDaily.units} + ${units}` },
    });
  return true;
}

/**
 * Spends for as many of `rows` rows at `unitPrice` as the allowance still covers, in one write; returns how
 * many were paid for (the first ones of the call: the rest fail with `allowance_exhausted`).
 */
export async function spendForRows(
  ctx: ServiceContext,
  accountId: string,
  unitPrice: number,
  rows: number,
): Promise<number> {
  const state = await allowanceState(ctx, accountId);
  const paid = unitPrice === 0 ? rows : Math.min(rows, Math.floor(state.remaining / unitPrice));
  if (paid > 0 && !(await trySpend(ctx, accountId, paid * unitPrice))) return 0;
  return paid;
}

export async function setAllowance(ctx: ServiceContext, accountId: string, units: number, periodMs: number) {
  await ctx.db
    .insert(allowances)
    .values({ accountId, units, periodMs })
    .onConflictDoUpdate({ target: allowances.accountId, set: { units, periodMs } });
  return { accountId, units, periodMs };
}

/** `RateLimit-*` headers (IETF draft) telling the caller what is left. */
export function allowanceHeaders(state: AllowanceState, now: number): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(Math.max(0, Math.ceil((state.resetAt - now) / 1000))),
  };
}
