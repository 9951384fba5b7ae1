import { auditEvents, preparedQuery, rowInserter, writeOrder } from '@countersign/db';
import { auditEventHash, type ChainedAuditEvent } from '@countersign/verify';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';

export type AuditType =
  | 'session.created'
  | 'invite.queued'
  | 'link.viewed'
  | 'link.opened'
  | 'code.sent'
  | 'code.verified'
  | 'code.failed'
  | 'participant.signed'
  | 'participant.declined'
  | 'session.cancelled'
  | 'session.expired'
  | 'session.completed'
  | 'session.completion_failed'
  | 'session.completion_retried'
  | 'reminder.queued'
  | 'invite.resent';

export interface AuditOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

type AuditRow = typeof auditEvents.$inferSelect;

/** Every column of an audit event, in the order a batch insert writes them. */
export const AUDIT_COLUMNS = [
  'id',
  'sessionId',
  'participantId',
  'type',
  'at',
  'ip',
  'userAgent',
  'data',
  'seq',
  'prevHash',
  'hash',
] as const;

/** The event as chained and exported: the stored row with its time in ISO 8601. */
export function chainedEvent(row: AuditRow): ChainedAuditEvent {
  return {
    seq: row.seq ?? 0,
    id: row.id,
    sessionId: row.sessionId,
    type: row.type,
    at: new Date(row.at).toISOString(),
    participantId: row.participantId,
    ip: row.ip,
    userAgent: row.userAgent,
    data: row.data ?? null,
    prevHash: row.prevHash,
    hash: row.hash ?? '',
  };
}

// One row tells both things: an unchained event (legacy, seq null) if there is any, else the chain's last.
const headOrUnchained = preparedQuery((db) =>
  db
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.sessionId, sql.placeholder('sessionId')))
    .orderBy(sql`${auditEvents.seq} desc nulls first`)
    .limit(1)
    .prepare(),
);

const lastChained = preparedQuery((db) =>
  db
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(and(eq(auditEvents.sessionId, sql.placeholder('sessionId')), isNotNull(auditEvents.seq)))
    .orderBy(desc(auditEvents.seq))
    .limit(1)
    .prepare(),
);

/**
 * The session's chain head (position and hash), chaining first any events written before the chain existed
 * (in the order they were written). Inside the caller's write transaction.
 */
async function chainHead(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{ seq: number; hash: string | null }> {
  let last = (await headOrUnchained(ctx.db).execute({ sessionId }))[0];
  if (last && last.seq === null) {
    last = (await lastChained(ctx.db).execute({ sessionId }))[0];
    const legacy = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, sessionId), isNull(auditEvents.seq)))
      .orderBy(asc(auditEvents.at), asc(writeOrder(ctx.db, auditEvents)));
    let seq = last?.seq ?? 0;
    let prevHash = last?.hash ?? null;
    for (const row of legacy) {
      seq += 1;
      const hash = auditEventHash({ ...chainedEvent({ ...row, seq }), prevHash });
      await ctx.db.update(auditEvents).set({ seq, prevHash, hash }).where(eq(auditEvents.id, row.id));
      prevHash = hash;
    }
    last = { seq, hash: prevHash };
  }
  return { seq: last?.seq ?? 0, hash: last?.hash ?? null };
}

/** The hash of the session's last audit event (null before the first): what the sealed PDF and session.completed carry. */
export async function auditChainHead(ctx: ServiceContext, sessionId: string): Promise<string | null> {
  return await ctx.db.transaction(async () => (await chainHead(ctx, sessionId)).hash);
}

/** The fields of a new event with its place in the chain: for audit() and for bulk inserts of first events. */
export function chainedRow(
  event: Omit<ChainedAuditEvent, 'seq' | 'prevHash' | 'hash' | 'at'> & { at: number },
  head: { seq: number; hash: string | null },
): AuditRow {
  const seq = head.seq + 1;
  const base = {
    ...event,
    data: event.data ?? null,
    at: new Date(event.at).toISOString(),
    seq,
    prevHash: head.hash,
  };
  return { ...event, data: event.data ?? null, seq, prevHash: head.hash, hash: auditEventHash(base) };
}

/** Appends one audit event, chained to the session's last; call it inside the transaction of the change it records. */
export async function audit(
  ctx: ServiceContext,
  event: {
    sessionId: string;
    participantId?: string | null;
    type: AuditType;
    origin?: AuditOrigin;
    data?: unknown;
  },
): Promise<string> {
  const row = chainedRow(
    {
      id: newId(),
      sessionId: event.sessionId,
      participantId: event.participantId ?? null,
      type: event.type,
      at: ctx.clock.now(),
      ip: event.origin?.ip ?? null,
      userAgent: event.origin?.userAgent ?? null,
      data: event.data ?? null,
    },
    await chainHead(ctx, event.sessionId),
  );
  await rowInserter(ctx.db, auditEvents, AUDIT_COLUMNS)(row);
  return row.hash!;
}

/** The session's audit trail in chain order (GET /api/sessions/{id}/audit); the caller checked the account. */
export async function auditTrail(ctx: ServiceContext, sessionId: string): Promise<ChainedAuditEvent[]> {
  await auditChainHead(ctx, sessionId); // chains events written before the chain existed
  return (
    await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.sessionId, sessionId))
      .orderBy(asc(auditEvents.seq))
  ).map(chainedEvent);
}
