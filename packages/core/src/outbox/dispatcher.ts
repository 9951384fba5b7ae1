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
 * Delivers the given rows now (if nobody else holds them) and reports each outcome. Rows another
 * dispatcher holds are reported as retrying: they will be delivered by that holder.
 */
export async function deliverNow(
  ctx: ServiceContext,
  deliverers: Deliverers,
  ids: string[],
): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>();
  const rows = await claimOutboxRows(ctx, ids, LEASE_MS);
  const tally: DispatchResult = { delivered: 0, retried: 0, failed: 0 };
  await Promise.all(
    rows.map(async (row) => {
      const deliverer = deliverers[row.kind as OutboxKind];
      if (!deliverer) return;
      outcomes.set(row.id, await deliverOne(ctx, deliverer, row, tally));
    }),
  );
  for (const id of ids)
    if (!outcomes.has(id)) outcomes.set(id, { state: 'retrying', error: 'delivery in progress elsewhere' });
  return outcomes;
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
    await settle(ctx, deliverer, row, 'delivered', async () => await markDelivered(ctx, row));
    result.delivered++;
    return { state: 'delivered' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof PermanentDeliveryError || row.attempts >= deliverer.retry.maxAttempts) {
      await settle(ctx, deliverer, row, 'failed', async () => await markFailed(ctx, row, message));
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
  // Both awaited inside the transaction: on PostgreSQL a query still running at COMMIT would run on a
  // pooled connection already given back, inside whatever transaction took it next.
  await ctx.db.transaction(async () => {
    await mark();
    await settled(row, outcome);
  });
}
