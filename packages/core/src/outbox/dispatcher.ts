import type { ServiceContext } from '../context.ts';
import { backoffDelay } from './backoff.ts';
import type { DeliveryOutcome } from './control.ts';
import {
  claimOutbox,
  claimOutboxRows,
  markDelivered,
  markFailed,
  markRetry,
  type OutboxKind,
  type OutboxRow,
  type OutboxState,
  outboxStates,
} from './outbox.ts';

/** A delivery that can never succeed (a refused address, a disabled endpoint): stop retrying it. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface Deliverer {
  deliver(row: OutboxRow): Promise<void>;
  retry: RetryPolicy;
  /** Runs in the transaction that marks the row delivered or finally failed: state that follows from it. */
  settled?(row: OutboxRow, outcome: 'delivered' | 'failed'): Promise<void>;
}

export type Deliverers = Partial<Record<OutboxKind, Deliverer>>;

export interface DispatchResult {
  delivered: number;
  retried: number;
  failed: number;
}

const LEASE_MS = 60_000;
const BATCH = 50;

/**
 * Delivers every due outbox row of the kinds given, at least once. A row is marked delivered only after
 * its delivery returned, so a crash in between redelivers it with the same id (the stable message id).
 * Marking a row delivered or failed drops an email's encrypted body (outbox.ts).
 */
export async function dispatchOutbox(ctx: ServiceContext, deliverers: Deliverers): Promise<DispatchResult> {
  const result: DispatchResult = { delivered: 0, retried: 0, failed: 0 };
  // Each kind drains on its own: a mail server that hangs must not hold back webhooks, nor the reverse.
  await Promise.all(
    (Object.keys(deliverers) as OutboxKind[]).map(async (kind) => {
      const deliverer = deliverers[kind]!;
      for (;;) {
        const rows = await claimOutbox(ctx, { limit: BATCH, leaseMs: LEASE_MS, kind });
        if (rows.length === 0) break;
        await Promise.all(rows.map((row) => deliverOne(ctx, deliverer, row, result)));
      }
    }),
  );
  return result;
}

/**
 * Delivers the given rows now and reports each outcome. A row another dispatcher claimed first (on PostgreSQL
 * the commit that queued it wakes every worker at once) is reported as that dispatcher settles it: delivered,
 * failed, or retrying with its error. One it holds longer than HELD_WAIT_MS is reported as retrying.
 */
export async function deliverNow(
  ctx: ServiceContext,
  deliverers: Deliverers,
  ids: string[],
): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>();
  const rows = await claimOutboxRows(ctx, ids, LEASE_MS);
  const claimed = new Set(rows.map((row) => row.id));
  const tally: DispatchResult = { delivered: 0, retried: 0, failed: 0 };
  const [, elsewhere] = await Promise.all([
    Promise.all(
      rows.map(async (row) => {
        const deliverer = deliverers[row.kind as OutboxKind];
        if (!deliverer) return;
        outcomes.set(row.id, await deliverOne(ctx, deliverer, row, tally));
      }),
    ),
    settledElsewhere(
      ctx,
      ids.filter((id) => !claimed.has(id)),
    ),
  ]);
  for (const [id, outcome] of elsewhere) outcomes.set(id, outcome);
  for (const id of ids) if (!outcomes.has(id)) outcomes.set(id, { state: 'retrying', error: IN_PROGRESS });
  return outcomes;
}

/** How long deliverNow waits for rows another dispatcher holds, and how often it looks. */
const HELD_WAIT_MS = 15_000;
const HELD_POLL_MS = 20;
const IN_PROGRESS = 'delivery in progress elsewhere';

/** The outcomes of rows other dispatchers hold (or already settled), as they settle them. */
async function settledElsewhere(ctx: ServiceContext, ids: string[]): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>();
  const giveUpAt = Date.now() + HELD_WAIT_MS; // real time: a manual clock in tests must not stop the wait
  let pending = ids;
  while (pending.length > 0) {
    for (const row of await outboxStates(ctx, pending)) {
      const outcome = settledOutcome(row, ctx.clock.now());
      if (outcome) outcomes.set(row.id, outcome);
    }
    pending = pending.filter((id) => !outcomes.has(id));
    if (pending.length === 0 || Date.now() >= giveUpAt) break;
    await new Promise((resolve) => setTimeout(resolve, HELD_POLL_MS));
  }
  return outcomes;
}

/**
 * A row's outcome once nobody holds it any more; undefined while a dispatcher's lease on it runs. A row neither
 * held nor ever tried is undefined too: on PostgreSQL another dispatcher's claim locks the row before it commits,
 * so our claim skipped it while its lease is not visible yet.
 */
function settledOutcome(row: OutboxState, now: number): DeliveryOutcome | undefined {
  if (row.deliveredAt !== null) return { state: 'delivered' };
  if (row.failedAt !== null) return { state: 'failed', error: row.lastError ?? 'failed' };
  if (row.lockedUntil !== null && row.lockedUntil > now) return undefined;
  if (row.lastError === null) return undefined;
  return { state: 'retrying', error: row.lastError };
}

async function deliverOne(
  ctx: ServiceContext,
  deliverer: Deliverer,
  row: OutboxRow,
  result: DispatchResult,
): Promise<DeliveryOutcome> {
  const outcome = await attemptDelivery(ctx, deliverer, row, result);
  ctx.telemetry.delivery(row.kind as OutboxKind, outcome.state);
  return outcome;
}

async function attemptDelivery(
  ctx: ServiceContext,
  deliverer: Deliverer,
  row: OutboxRow,
  result: DispatchResult,
): Promise<DeliveryOutcome> {
  try {
    await deliverer.deliver(row);
    await settle(ctx, deliverer, row, 'delivered', () => markDelivered(ctx, row));
    result.delivered++;
    return { state: 'delivered' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PermanentDeliveryError || row.attempts >= deliverer.retry.maxAttempts) {
      await settle(ctx, deliverer, row, 'failed', () => markFailed(ctx, row, message));
      result.failed++;
      return { state: 'failed', error: message };
    }
    const { baseDelayMs, maxDelayMs } = deliverer.retry;
    await markRetry(
      ctx,
      row.id,
      message,
      ctx.clock.now() + backoffDelay(row.attempts, baseDelayMs, maxDelayMs),
    );
    result.retried++;
    return { state: 'retrying', error: message };
  }
}

async function settle(
  ctx: ServiceContext,
  deliverer: Deliverer,
  row: OutboxRow,
  outcome: 'delivered' | 'failed',
  mark: () => Promise<void>,
): Promise<void> {
  const { settled } = deliverer;
  if (!settled) {
    await mark();
    return;
  }
  // Both awaited inside: a query left running would outlive the transaction, on a client already given back.
  await ctx.db.transaction(async () => {
    await mark();
    await settled(row, outcome);
  });
}
