import { outbox, rowInserter } from '@countersign/db';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';

export type OutboxKind = 'email' | 'webhook';
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Records a side effect. Call it inside the transaction of the state change that causes it:
 * both commit or neither does.
 */
const OUTBOX_COLUMNS = ['id', 'kind', 'accountId', 'payload', 'createdAt', 'availableAt'] as const;

export function addToOutbox(
  ctx: ServiceContext,
  entry: { kind: OutboxKind; accountId: string | null; payload: unknown; availableAt?: number; id?: string },
): string {
  const id = entry.id ?? newId();
  const now = ctx.clock.now();
  rowInserter(
    ctx.db,
    outbox,
    OUTBOX_COLUMNS,
  )({
    id,
    kind: entry.kind,
    accountId: entry.accountId,
    payload: entry.payload,
    createdAt: now,
    availableAt: entry.availableAt ?? now,
  });
  return id;
}

/**
 * Claims due rows for one dispatcher for `leaseMs`. The claim is a single write transaction, so two
 * dispatchers (two worker processes) never hold the same row; a crashed holder's lease simply lapses.
 */
export function claimOutbox(
  ctx: ServiceContext,
  options: { limit: number; leaseMs: number; kind?: OutboxKind },
): OutboxRow[] {
  const now = ctx.clock.now();
  return ctx.db.transaction(
    (tx) => {
      const due = tx
        .select()
        .from(outbox)
        .where(
          and(
            isNull(outbox.deliveredAt),
            isNull(outbox.failedAt),
            lte(outbox.availableAt, now),
            or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
            options.kind ? eq(outbox.kind, options.kind) : undefined,
          ),
        )
        .orderBy(asc(outbox.availableAt))
        .limit(options.limit)
        .all();
      for (const row of due) {
        tx.update(outbox)
          .set({ lockedUntil: now + options.leaseMs, attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, row.id))
          .run();
      }
      return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    },
    { behavior: 'immediate' },
  );
}

/** Claims specific rows (those still pending and not held by another dispatcher). */
export function claimOutboxRows(ctx: ServiceContext, ids: string[], leaseMs: number): OutboxRow[] {
  if (ids.length === 0) return [];
  const now = ctx.clock.now();
  return ctx.db.transaction(
    (tx) => {
      const rows = tx
        .select()
        .from(outbox)
        .where(
          and(
            inArray(outbox.id, ids),
            isNull(outbox.deliveredAt),
            isNull(outbox.failedAt),
            or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
          ),
        )
        .all();
      for (const row of rows) {
        tx.update(outbox)
          .set({ lockedUntil: now + leaseMs, attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, row.id))
          .run();
      }
      return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    },
    { behavior: 'immediate' },
  );
}

export function markDelivered(ctx: ServiceContext, id: string): void {
  ctx.db
    .update(outbox)
    .set({ deliveredAt: ctx.clock.now(), lockedUntil: null, lastError: null })
    .where(eq(outbox.id, id))
    .run();
}

export function markRetry(ctx: ServiceContext, id: string, error: string, retryAt: number): void {
  ctx.db
    .update(outbox)
    .set({ availableAt: retryAt, lockedUntil: null, lastError: error })
    .where(eq(outbox.id, id))
    .run();
}

export function markFailed(ctx: ServiceContext, id: string, error: string): void {
  ctx.db
    .update(outbox)
    .set({ failedAt: ctx.clock.now(), lockedUntil: null, lastError: error })
    .where(eq(outbox.id, id))
    .run();
}

export function getOutboxRow(ctx: ServiceContext, id: string): OutboxRow | undefined {
  return ctx.db.select().from(outbox).where(eq(outbox.id, id)).get();
}
