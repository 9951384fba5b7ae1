import { outbox, rowInserter, skippingHeld } from '@countersign/db';
import { and, asc, eq, inArray, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';

export type OutboxKind = OutboxRow['kind'];
/** A row with its payload opened: null once the payload was dropped (a delivered or failed email). */
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Every payload is encrypted with the data key at rest: emails carry signing links and one-time codes, and one
 * rule for every kind means no kind has to decide what is secret. These fields stay readable beside it,
 * for status and audit queries.
 */
const READABLE: Record<OutboxKind, readonly string[]> = {
  email: ['to', 'cc', 'subject', 'inviteOf', 'sessionId'],
  webhook: ['endpointId', 'sessionId'],
  job: ['job', 'sessionId'],
};
/**
 * Whether the encrypted payload outlives delivery: a webhook redelivery sends the stored event again; a job's
 * payload is its readable fields anyway.
 */
const KEPT_WHEN_DONE: Record<OutboxKind, boolean> = { email: false, webhook: true, job: true };

function readable(kind: OutboxKind, payload: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const source = (payload ?? {}) as Record<string, unknown>;
  for (const key of READABLE[kind]) if (source[key] !== undefined) fields[key] = source[key];
  return fields;
}

const encryptPayload = (ctx: ServiceContext, kind: OutboxKind, payload: unknown) => ({
  ...readable(kind, payload),
  encrypted: ctx.secrets.dataKey.encrypt(JSON.stringify(payload)),
});

/**
 * `encrypted` holds the encrypted payload; `encrypted: null` marks a dropped payload; a row without it predates
 * encryption and is plaintext. `sealed` is the key's name before migration 0016 renamed it, still read because
 * a process of the previous version may write it during a rolling upgrade. A payload that does not decrypt
 * (another data key) reads as null too: its deliverer fails that row, not every pass.
 */
function decryptPayload(ctx: ServiceContext, stored: unknown): unknown {
  if (stored === null || typeof stored !== 'object') return stored;
  const key = 'encrypted' in stored ? 'encrypted' : 'sealed' in stored ? 'sealed' : null;
  if (key === null) return stored;
  const encrypted = (stored as Record<string, unknown>)[key];
  if (typeof encrypted !== 'string') return null;
  try {
    return JSON.parse(ctx.secrets.dataKey.decrypt(encrypted));
  } catch {
    return null;
  }
}

const opened = (ctx: ServiceContext, row: OutboxRow): OutboxRow => ({
  ...row,
  payload: decryptPayload(ctx, row.payload),
});

/** What a row keeps once final: emails only their readable fields, so no link or code stays behind. */
const finalPayload = (row: Pick<OutboxRow, 'kind' | 'payload'>) =>
  KEPT_WHEN_DONE[row.kind] ? {} : { payload: { ...readable(row.kind, row.payload), encrypted: null } };

/**
 * Records a side effect. Call it inside the transaction of the state change that causes it:
 * both commit or neither does.
 */
const OUTBOX_COLUMNS = ['id', 'kind', 'accountId', 'payload', 'createdAt', 'availableAt'] as const;

export async function addToOutbox(
  ctx: ServiceContext,
  entry: { kind: OutboxKind; accountId: string | null; payload: unknown; availableAt?: number; id?: string },
): Promise<string> {
  const id = entry.id ?? newId();
  const now = ctx.clock.now();
  await rowInserter(
    ctx.db,
    outbox,
    OUTBOX_COLUMNS,
  )({
    id,
    kind: entry.kind,
    accountId: entry.accountId,
    payload: encryptPayload(ctx, entry.kind, entry.payload),
    createdAt: now,
    availableAt: entry.availableAt ?? now,
  });
  return id;
}

/** Rows no dispatcher delivered, gave up or holds now. */
const claimable = (now: number) =>
  and(
    isNull(outbox.deliveredAt),
    isNull(outbox.failedAt),
    or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
  );

/**
 * Holds the rows `pick` chooses for `leaseMs`, in one statement: an UPDATE of the picked ids that returns
 * them. SQLite runs it under its write lock; PostgreSQL picks with FOR UPDATE SKIP LOCKED (skippingHeld), so
 * two dispatchers on other hosts take different rows at once instead of one waiting for, or aborting on, the
 * other. Either way no two dispatchers hold a row at once, and a crashed holder's lease simply lapses.
 */
async function lease(
  ctx: ServiceContext,
  leaseMs: number,
  pick: (now: number) => SQLWrapper,
): Promise<OutboxRow[]> {
  const now = ctx.clock.now();
  const claimed = await ctx.db
    .update(outbox)
    .set({ lockedUntil: now + leaseMs, attempts: sql`${outbox.attempts} + 1` })
    .where(sql`${outbox.id} in (${skippingHeld(ctx.db, pick(now))})`)
    .returning();
  // Opened after the claim: nothing is held while decrypting.
  return claimed.map((row) => opened(ctx, row));
}

/** Claims due rows for one dispatcher for `leaseMs`, the longest due first. */
export async function claimOutbox(
  ctx: ServiceContext,
  options: { limit: number; leaseMs: number; kind?: OutboxKind },
): Promise<OutboxRow[]> {
  return await lease(ctx, options.leaseMs, (now) =>
    ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          claimable(now),
          lte(outbox.availableAt, now),
          options.kind ? eq(outbox.kind, options.kind) : undefined,
        ),
      )
      .orderBy(asc(outbox.availableAt))
      .limit(options.limit),
  );
}

/** Claims specific rows (those still pending and not held by another dispatcher). */
export async function claimOutboxRows(
  ctx: ServiceContext,
  ids: string[],
  leaseMs: number,
): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  return await lease(ctx, leaseMs, (now) =>
    ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.id, ids), claimable(now))),
  );
}

/** Where a row's delivery stands, without its payload. */
export interface OutboxState {
  id: string;
  deliveredAt: number | null;
  failedAt: number | null;
  lockedUntil: number | null;
  lastError: string | null;
}

export async function outboxStates(ctx: ServiceContext, ids: string[]): Promise<OutboxState[]> {
  if (ids.length === 0) return [];
  const { id, deliveredAt, failedAt, lockedUntil, lastError } = outbox;
  return await ctx.db
    .select({ id, deliveredAt, failedAt, lockedUntil, lastError })
    .from(outbox)
    .where(inArray(outbox.id, ids));
}

type Finished = Pick<OutboxRow, 'id' | 'kind' | 'payload'>;

export async function markDelivered(ctx: ServiceContext, row: Finished): Promise<void> {
  await ctx.db
    .update(outbox)
    .set({ deliveredAt: ctx.clock.now(), lockedUntil: null, lastError: null, ...finalPayload(row) })
    .where(eq(outbox.id, row.id));
}

export async function markRetry(
  ctx: ServiceContext,
  id: string,
  error: string,
  retryAt: number,
): Promise<void> {
  await ctx.db
    .update(outbox)
    .set({ availableAt: retryAt, lockedUntil: null, lastError: error })
    .where(eq(outbox.id, id));
}

export async function markFailed(ctx: ServiceContext, row: Finished, error: string): Promise<void> {
  await ctx.db
    .update(outbox)
    .set({ failedAt: ctx.clock.now(), lockedUntil: null, lastError: error, ...finalPayload(row) })
    .where(eq(outbox.id, row.id));
}

/** Gives up rows that must never be sent (their session was discarded); call it inside a transaction. */
export async function abandonOutboxRows(ctx: ServiceContext, ids: string[], error: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await ctx.db
    .select({ id: outbox.id, kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(inArray(outbox.id, ids));
  for (const row of rows) {
    await ctx.db
      .update(outbox)
      .set({ failedAt: ctx.clock.now(), lastError: error, ...finalPayload(row) })
      .where(eq(outbox.id, row.id));
  }
}

export async function getOutboxRow(ctx: ServiceContext, id: string): Promise<OutboxRow | undefined> {
  const row = (await ctx.db.select().from(outbox).where(eq(outbox.id, id)).limit(1))[0];
  return row && opened(ctx, row);
}

/** Several rows by id, payloads opened (absent ids are simply missing from the answer). */
export async function getOutboxRows(ctx: ServiceContext, ids: string[]): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  return (await ctx.db.select().from(outbox).where(inArray(outbox.id, ids))).map((row) => opened(ctx, row));
}

/** Per kind, the due rows not yet delivered and how long the oldest has been due (metrics read it at scrape). */
export async function outboxBacklog(
  ctx: ServiceContext,
): Promise<Record<OutboxKind, { pending: number; lagMs: number }>> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      kind: outbox.kind,
      pending: sql<number>`count(*)`,
      oldest: sql<number>`min(${outbox.availableAt})`,
    })
    .from(outbox)
    .where(and(isNull(outbox.deliveredAt), isNull(outbox.failedAt), lte(outbox.availableAt, now)))
    .groupBy(outbox.kind);
  const none = { pending: 0, lagMs: 0 };
  const backlog = { email: none, webhook: none, job: none };
  for (const row of rows) backlog[row.kind] = { pending: row.pending, lagMs: Math.max(0, now - row.oldest) };
  return backlog;
}
