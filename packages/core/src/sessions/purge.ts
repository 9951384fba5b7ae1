import {
  accounts,
  auditEvents,
  documents,
  fieldValues,
  otpCodes,
  outbox,
  participants,
  sessions,
  signerSessions,
  signingDrafts,
} from '@countersign/db';
import type { SessionPurge } from '@countersign/schemas';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { blobsOnlyUsedBy, forgetBlobs } from '../blobs/blob-refs.ts';
import type { ServiceContext } from '../context.ts';
import { emitSessionEvent } from '../events/emit.ts';
import { DAY_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';
import { auditChainHead } from './audit.ts';
import { forgetDevMail, type Replacements, scrubStoredAnswers, sessionEmailIds } from './purge-traces.ts';
import { sessionOf } from './read.ts';

type SessionRow = typeof sessions.$inferSelect;

/** What a purged session's title, people and files read as: the tombstone keeps no personal data. */
export const PURGED_TITLE = 'Purged session';
const purgedName = (position: number) => `Signer ${position + 1}`;
const purgedEmail = (participantId: string) => `${participantId}@purged.invalid`;
const purgedFilename = (position: number) => `document-${position + 1}.pdf`;

/** When the session ended (the time its retention counts from); null while active. */
export const endedAt = (row: SessionRow): number | null =>
  row.status === 'active'
    ? null
    : (row.completedAt ??
      row.cancelledAt ??
      row.declinedAt ??
      row.expiredAt ??
      row.failedAt ??
      row.updatedAt);

/** SQL of the same: the sweeper selects with it. */
const endedAtSql = sql`coalesce(${sessions.completedAt}, ${sessions.cancelledAt}, ${sessions.declinedAt}, ${sessions.expiredAt}, ${sessions.failedAt}, ${sessions.updatedAt})`;
/** The send's retention, else the account's; null: kept. */
const retentionSql = sql`coalesce(${sessions.retentionDays}, (select ${accounts.retentionDays} from ${accounts} where ${accounts.id} = ${sessions.accountId}))`;

const purgedError = (sessionId: string) =>
  new DomainError('session_purged', `session ${sessionId} was purged (or its purge is under way)`);

/**
 * DELETE /api/sessions/{id}: records the purge of an ended session; the purge job (or a sweep, after a
 * crash) carries it out with purgeSession. Asking again is harmless. Refused for an active session and
 * under legal hold.
 */
export function requestPurge(ctx: ServiceContext, accountId: string, sessionId: string): void {
  ctx.db.transaction(
    () => {
      const row = sessionOf(ctx, accountId, sessionId);
      if (row.purgeRequestedAt !== null) return;
      if (row.status === 'active') {
        throw new DomainError(
          'session_active',
          `session ${sessionId} is still active; cancel it first, or wait until it ends`,
        );
      }
      if (row.legalHoldAt !== null) {
        throw new DomainError(
          'legal_hold',
          `session ${sessionId} is under legal hold; release the hold first`,
        );
      }
      const now = ctx.clock.now();
      ctx.db
        .update(sessions)
        .set({ purgeRequestedAt: now, purgeReason: 'requested', updatedAt: now })
        .where(eq(sessions.id, sessionId))
        .run();
    },
    { behavior: 'immediate' },
  );
}

/**
 * Puts a session under legal hold or releases it. A session whose purge was asked for cannot be held any more
 * (its files may be gone already): 410 `session_purged`.
 */
export function setLegalHold(ctx: ServiceContext, accountId: string, sessionId: string, hold: boolean) {
  return ctx.db.transaction(
    () => {
      const row = sessionOf(ctx, accountId, sessionId);
      if (row.purgeRequestedAt !== null) throw purgedError(sessionId);
      const since = hold ? (row.legalHoldAt ?? ctx.clock.now()) : null;
      if (since !== row.legalHoldAt) {
        ctx.db.update(sessions).set({ legalHoldAt: since }).where(eq(sessions.id, sessionId)).run();
      }
      return {
        sessionId,
        legalHold: since !== null,
        legalHoldSince: since === null ? null : new Date(since).toISOString(),
      };
    },
    { behavior: 'immediate' },
  );
}

/** The tombstone part of a session's detail: null unless a purge was asked for. */
export function purgeView(ctx: ServiceContext, row: SessionRow): SessionPurge | null {
  if (row.purgeRequestedAt === null) return null;
  const docs = ctx.db
    .select()
    .from(documents)
    .where(eq(documents.sessionId, row.id))
    .orderBy(asc(documents.position))
    .all();
  return {
    state: row.purgedAt === null ? 'pending' : 'purged',
    reason: row.purgeReason ?? 'requested',
    requestedAt: new Date(row.purgeRequestedAt).toISOString(),
    purgedAt: row.purgedAt === null ? null : new Date(row.purgedAt).toISOString(),
    auditChainHead: row.purgedChainHead,
    auditEvents: row.purgedEventCount,
    documents: docs.map(tombstoneDocument),
  };
}

const tombstoneDocument = (d: typeof documents.$inferSelect) => ({
  documentId: d.id,
  sourceSha256: d.sourceSha256,
  preparedSha256: d.preparedSha256,
  finalSha256: d.finalSha256,
});

/** When retention purges the session: null while active, kept, held or already being purged. */
export function retentionPurgeAt(row: SessionRow, accountRetentionDays: number | null): number | null {
  const days = row.retentionDays ?? accountRetentionDays;
  const ended = endedAt(row);
  if (days === null || ended === null || row.legalHoldAt !== null || row.purgeRequestedAt !== null)
    return null;
  return ended + days * DAY_MS;
}

/**
 * The sweeper's retention pass: asks for the purge of every ended session past its retention and not held.
 * The purges themselves follow in the same sweep (purgePending). Returns how many were asked for.
 */
export function requestDuePurges(ctx: ServiceContext, limit = 100): number {
  const now = ctx.clock.now();
  return ctx.db.transaction(
    () => {
      const due = ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            ne(sessions.status, 'active'),
            isNull(sessions.purgeRequestedAt),
            isNull(sessions.legalHoldAt),
            sql`${retentionSql} is not null`,
            sql`${endedAtSql} + ${retentionSql} * ${DAY_MS} <= ${now}`,
          ),
        )
        .limit(limit)
        .all()
        .map((r) => r.id);
      if (due.length === 0) return 0;
      ctx.db
        .update(sessions)
        .set({ purgeRequestedAt: now, purgeReason: 'retention', updatedAt: now })
        .where(and(inArray(sessions.id, due), isNull(sessions.purgeRequestedAt)))
        .run();
      return due.length;
    },
    { behavior: 'immediate' },
  );
}

/** Sessions whose purge was asked for and has not finished (a lost job, a crash midway): the sweep ends them. */
export function purgePending(
  ctx: ServiceContext,
  log?: { error(obj: unknown, msg: string): void },
  limit = 20,
): number {
  const pending = ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(isNotNull(sessions.purgeRequestedAt), isNull(sessions.purgedAt)))
    .orderBy(asc(sessions.purgeRequestedAt))
    .limit(limit)
    .all();
  let purged = 0;
  for (const { id } of pending) {
    try {
      if (purgeSession(ctx, id).purged) purged++;
    } catch (err) {
      // The next sweep tries again; one session that cannot be purged holds back no other.
      log?.error({ err, sessionId: id }, 'session purge failed');
    }
  }
  return purged;
}

/**
 * Carries out an asked-for purge (the `sessions.purge` job, and the sweep after a crash). In two steps, each
 * safe to repeat: (1) delete the blob files nothing else uses; (2) in one transaction that only the first
 * run commits, delete the rows that hold content or personal data, keep the tombstone (document hashes,
 * audit chain head and length) and queue `session.purged`. A crash between them leaves step 2 for the next
 * run; two runs at once commit step 2 once.
 */
export function purgeSession(ctx: ServiceContext, sessionId: string): { purged: boolean } {
  const row = ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)).get();
  if (!row || row.purgeRequestedAt === null || row.purgedAt !== null) return { purged: false };
  const docs = ctx.db.select().from(documents).where(eq(documents.sessionId, sessionId)).all();
  const candidates = docs.flatMap((d) => [d.sourceSha256, d.preparedSha256, d.finalSha256 ?? []].flat());
  const unused = blobsOnlyUsedBy(ctx, sessionId, candidates);
  for (const sha of unused) ctx.blobs.unlink(sha);
  forgetDevMail(ctx, sessionEmailIds(ctx, row.accountId, sessionId));

  const purged = ctx.db.transaction(
    () => {
      const current = ctx.db
        .select({ purgedAt: sessions.purgedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .get();
      if (!current || current.purgedAt !== null) return false;
      const head = auditChainHead(ctx, sessionId);
      const events = ctx.db
        .select({ n: sql<number>`count(*)` })
        .from(auditEvents)
        .where(eq(auditEvents.sessionId, sessionId))
        .get()!.n;
      scrubSession(ctx, row, docs);
      forgetBlobs(ctx, unused);
      const now = ctx.clock.now();
      ctx.db
        .update(sessions)
        .set({ purgedAt: now, purgedChainHead: head, purgedEventCount: events, updatedAt: now })
        .where(eq(sessions.id, sessionId))
        .run();
      emitSessionEvent(ctx, sessionId, 'session.purged', {
        auditChainHead: head,
        purge: {
          reason: row.purgeReason ?? 'requested',
          purgedAt: new Date(now).toISOString(),
          auditEvents: events,
          documents: docs.sort((a, b) => a.position - b.position).map(tombstoneDocument),
        },
      });
      return true;
    },
    { behavior: 'immediate' },
  );
  if (purged) {
    ctx.outbox.kick();
    // Old page versions still in the WAL would hold what was just deleted: fold it into the file and truncate
    // it. Best effort: a reader in another process makes it wait for the next checkpoint.
    ctx.db.$client.pragma('wal_checkpoint(TRUNCATE)');
  }
  return { purged };
}

/** Step 2's deletions and replacements, inside its transaction. */
function scrubSession(ctx: ServiceContext, row: SessionRow, docs: (typeof documents.$inferSelect)[]): void {
  const sessionId = row.id;
  const people = ctx.db
    .select({
      id: participants.id,
      position: participants.position,
      name: participants.name,
      email: participants.email,
    })
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .all();
  const ids = people.map((p) => p.id);
  // Each value that names the session's people or files, and what replaces it in the tombstone.
  const replacements: Replacements = new Map([[row.title, PURGED_TITLE]]);
  for (const p of people) {
    replacements.set(p.name, purgedName(p.position));
    replacements.set(p.email, purgedEmail(p.id));
  }
  for (const d of docs) replacements.set(d.filename, purgedFilename(d.position));
  scrubStoredAnswers(ctx, row.accountId, sessionId, replacements);
  if (ids.length > 0) {
    ctx.db.delete(signingDrafts).where(inArray(signingDrafts.participantId, ids)).run();
    ctx.db.delete(otpCodes).where(inArray(otpCodes.participantId, ids)).run();
    ctx.db.delete(signerSessions).where(inArray(signerSessions.participantId, ids)).run();
  }
  const now = ctx.clock.now();
  for (const p of people) {
    ctx.db
      .update(participants)
      .set({
        name: purgedName(p.position),
        email: purgedEmail(p.id),
        roleLabel: null,
        linkTokenSealed: '',
        linkRevokedAt: now,
        inviteError: null,
        signature: null,
        initials: null,
        signedIp: null,
        signedUserAgent: null,
      })
      .where(eq(participants.id, p.id))
      .run();
  }
  ctx.db.delete(fieldValues).where(eq(fieldValues.sessionId, sessionId)).run();
  ctx.db.delete(auditEvents).where(eq(auditEvents.sessionId, sessionId)).run();
  for (const d of docs) {
    ctx.db
      .update(documents)
      .set({ filename: purgedFilename(d.position), cloudFileId: null })
      .where(eq(documents.id, d.id))
      .run();
  }
  // The session's emails and earlier webhook events (their bodies name the people).
  ctx.db
    .delete(outbox)
    .where(
      and(
        eq(outbox.accountId, row.accountId),
        sql`json_extract(${outbox.payload}, '$.sessionId') = ${sessionId}`,
      ),
    )
    .run();
  ctx.db
    .update(sessions)
    .set({ title: PURGED_TITLE, options: {}, cancelReason: null, declineReason: null, completionError: null })
    .where(eq(sessions.id, sessionId))
    .run();
}
