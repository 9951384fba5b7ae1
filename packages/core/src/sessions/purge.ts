import {
  accounts,
  auditEvents,
  documents,
  fieldValues,
  forgetDeletedPages,
  jsonTextEquals,
  otpCodes,
  outbox,
  participants,
  sessions,
  sessionTerms,
  signerSessions,
  signingDrafts,
} from '@countersign/db';
import { type SessionPurge, sessionPurgeJob } from '@countersign/schemas';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { blobsOnlyUsedBy, forgetBlobs } from '../blobs/blob-refs.ts';
import type { ServiceContext } from '../context.ts';
import { emitSessionEvent } from '../events/emit.ts';
import { queueJob } from '../outbox/jobs.ts';
import { DAY_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';
import { auditChainHead } from './audit.ts';
import { type DocumentRow, documentsOfSession } from './documents.ts';
import { participantsOfSession } from './participants.ts';
import { forgetDevMail, type Replacements, scrubStoredAnswers, sessionEmailIds } from './purge-traces.ts';
import { type SessionRow, sessionById, sessionOf } from './session-lookup.ts';

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
 * DELETE /api/sessions/{id}: records the purge of an ended session and, in the same transaction, the outbox row
 * that queues its purge job; the job (or a sweep, after a crash) carries it out with purgeSession. Asking again
 * is harmless. Refused for an active session and
 * under legal hold. `alsoInTransaction` runs in that transaction when this call asked for the purge.
 */
export async function requestPurge(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  alsoInTransaction?: () => Promise<void>,
): Promise<void> {
  const requested = await ctx.db.transaction(async () => {
    const row = await sessionOf(ctx, accountId, sessionId);
    if (row.purgeRequestedAt !== null) return false;
    if (row.status === 'active') {
      throw new DomainError(
        'session_active',
        `session ${sessionId} is still active; cancel it first, or wait until it ends`,
      );
    }
    if (row.legalHoldAt !== null) {
      throw new DomainError('legal_hold', `session ${sessionId} is under legal hold; release the hold first`);
    }
    const now = ctx.clock.now();
    await ctx.db
      .update(sessions)
      .set({ purgeRequestedAt: now, purgeReason: 'requested', updatedAt: now })
      .where(eq(sessions.id, sessionId));
    await queueJob(ctx, accountId, { job: sessionPurgeJob.name, sessionId });
    await alsoInTransaction?.();
    return true;
  });
  if (requested) ctx.outbox.kick();
}

/**
 * Puts a session under legal hold or releases it. A session whose purge was asked for cannot be held any more
 * (its files may be gone already): 410 `session_purged`.
 */
export async function setLegalHold(ctx: ServiceContext, accountId: string, sessionId: string, hold: boolean) {
  return await ctx.db.transaction(async () => {
    const row = await sessionOf(ctx, accountId, sessionId);
    if (row.purgeRequestedAt !== null) throw purgedError(sessionId);
    const since = hold ? (row.legalHoldAt ?? ctx.clock.now()) : null;
    if (since !== row.legalHoldAt) {
      await ctx.db.update(sessions).set({ legalHoldAt: since }).where(eq(sessions.id, sessionId));
    }
    return {
      sessionId,
      legalHold: since !== null,
      legalHoldSince: since === null ? null : new Date(since).toISOString(),
    };
  });
}

/** The tombstone part of a session's detail: null unless a purge was asked for. */
export async function purgeView(ctx: ServiceContext, row: SessionRow): Promise<SessionPurge | null> {
  if (row.purgeRequestedAt === null) return null;
  const docs = await documentsOfSession(ctx, row.id);
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

const tombstoneDocument = (d: DocumentRow) => ({
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

/** Ended sessions past their retention at `now`, not held and not already purging: what the sweep purges. */
const retentionDue = (now: number) =>
  and(
    ne(sessions.status, 'active'),
    isNull(sessions.purgeRequestedAt),
    isNull(sessions.legalHoldAt),
    sql`${retentionSql} is not null`,
    sql`${endedAtSql} + ${retentionSql} * ${DAY_MS} <= ${now}`,
  );

/** What a retention sweep at `at` would purge (oldest first; one account's or all), for the operator's CLI. */
export async function retentionPreview(ctx: ServiceContext, at: number, accountId?: string) {
  const due = await ctx.db
    .select({
      sessionId: sessions.id,
      accountId: sessions.accountId,
      status: sessions.status,
      title: sessions.title,
      endedAt: sql<number>`${endedAtSql}`,
      retentionDays: sql<number>`${retentionSql}`,
    })
    .from(sessions)
    .where(and(retentionDue(at), accountId ? eq(sessions.accountId, accountId) : undefined))
    .orderBy(asc(endedAtSql));
  return due.map((r) => ({
    ...r,
    endedAt: new Date(r.endedAt).toISOString(),
    purgeAt: new Date(r.endedAt + r.retentionDays * DAY_MS).toISOString(),
  }));
}

/**
 * The sweeper's retention pass: asks for the purge of every ended session past its retention and not held.
 * The purges themselves follow in the same sweep (purgePending). Returns how many were asked for.
 */
export async function requestDuePurges(ctx: ServiceContext, limit = 100): Promise<number> {
  const now = ctx.clock.now();
  return await ctx.db.transaction(async () => {
    const due = (
      await ctx.db.select({ id: sessions.id }).from(sessions).where(retentionDue(now)).limit(limit)
    ).map((r) => r.id);
    if (due.length === 0) return 0;
    await ctx.db
      .update(sessions)
      .set({ purgeRequestedAt: now, purgeReason: 'retention', updatedAt: now })
      .where(and(inArray(sessions.id, due), isNull(sessions.purgeRequestedAt)));
    return due.length;
  });
}

/** Sessions whose purge was asked for and has not finished (a lost job, a crash midway): the sweep ends them. */
export async function purgePending(
  ctx: ServiceContext,
  log?: { error(obj: unknown, msg: string): void },
  limit = 20,
): Promise<number> {
  const pending = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(isNotNull(sessions.purgeRequestedAt), isNull(sessions.purgedAt)))
    .orderBy(asc(sessions.purgeRequestedAt))
    .limit(limit);
  let purged = 0;
  for (const { id } of pending) {
    try {
      if ((await purgeSession(ctx, id)).purged) purged++;
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
export async function purgeSession(ctx: ServiceContext, sessionId: string): Promise<{ purged: boolean }> {
  const row = await sessionById(ctx, sessionId);
  if (!row || row.purgeRequestedAt === null || row.purgedAt !== null) return { purged: false };
  const docs = await documentsOfSession(ctx, sessionId);
  const candidates = docs.flatMap((d) => [d.sourceSha256, d.preparedSha256, d.finalSha256 ?? []].flat());
  const unused = await blobsOnlyUsedBy(ctx, sessionId, candidates);
  for (const sha of unused) await ctx.blobs.delete(sha);
  await forgetDevMail(ctx, await sessionEmailIds(ctx, row.accountId, sessionId));

  const purged = await ctx.db.transaction(async () => {
    const current = await sessionById(ctx, sessionId);
    if (!current || current.purgedAt !== null) return false;
    const head = await auditChainHead(ctx, sessionId);
    const events = (
      await ctx.db
        .select({ n: sql<number>`count(*)` })
        .from(auditEvents)
        .where(eq(auditEvents.sessionId, sessionId))
        .limit(1)
    )[0]!.n;
    await scrubSession(ctx, row, docs);
    await forgetBlobs(ctx, unused);
    const now = ctx.clock.now();
    await ctx.db
      .update(sessions)
      .set({ purgedAt: now, purgedChainHead: head, purgedEventCount: events, updatedAt: now })
      .where(eq(sessions.id, sessionId));
    await emitSessionEvent(ctx, sessionId, 'session.purged', {
      auditChainHead: head,
      purge: {
        reason: row.purgeReason ?? 'requested',
        purgedAt: new Date(now).toISOString(),
        auditEvents: events,
        documents: docs.sort((a, b) => a.position - b.position).map(tombstoneDocument),
      },
    });
    return true;
  });
  if (purged) {
    ctx.outbox.kick();
    await forgetDeletedPages(ctx.db);
  }
  return { purged };
}

/** Step 2's deletions and replacements, inside its transaction. */
async function scrubSession(ctx: ServiceContext, row: SessionRow, docs: DocumentRow[]): Promise<void> {
  const sessionId = row.id;
  const people = await participantsOfSession(ctx, sessionId);
  const ids = people.map((p) => p.id);
  // Each value that names the session's people or files, and what replaces it in the tombstone.
  const replacements: Replacements = new Map([[row.title, PURGED_TITLE]]);
  for (const p of people) {
    replacements.set(p.name, purgedName(p.position));
    replacements.set(p.email, purgedEmail(p.id));
  }
  for (const d of docs) replacements.set(d.filename, purgedFilename(d.position));
  await scrubStoredAnswers(ctx, row.accountId, sessionId, replacements);
  if (ids.length > 0) {
    await ctx.db.delete(signingDrafts).where(inArray(signingDrafts.participantId, ids));
    await ctx.db.delete(otpCodes).where(inArray(otpCodes.participantId, ids));
    await ctx.db.delete(signerSessions).where(inArray(signerSessions.participantId, ids));
  }
  const now = ctx.clock.now();
  for (const p of people) {
    await ctx.db
      .update(participants)
      .set({
        name: purgedName(p.position),
        email: purgedEmail(p.id),
        roleLabel: null,
        linkTokenEncrypted: '',
        linkRevokedAt: now,
        inviteError: null,
        signature: null,
        initials: null,
        signedIp: null,
        signedUserAgent: null,
      })
      .where(eq(participants.id, p.id));
  }
  await ctx.db.delete(fieldValues).where(eq(fieldValues.sessionId, sessionId));
  // The search index's words of the names: a purged session is found by nobody's name.
  await ctx.db.delete(sessionTerms).where(eq(sessionTerms.sessionId, sessionId));
  await ctx.db.delete(auditEvents).where(eq(auditEvents.sessionId, sessionId));
  for (const d of docs) {
    await ctx.db
      .update(documents)
      .set({ filename: purgedFilename(d.position), cloudFileId: null })
      .where(eq(documents.id, d.id));
  }
  // The session's emails and earlier webhook events (their bodies name the people).
  await ctx.db
    .delete(outbox)
    .where(
      and(
        eq(outbox.accountId, row.accountId),
        jsonTextEquals(ctx.db, outbox.payload, 'sessionId', sessionId),
      ),
    );
  await ctx.db
    .update(sessions)
    .set({ title: PURGED_TITLE, options: {}, cancelReason: null, declineReason: null, completionError: null })
    .where(eq(sessions.id, sessionId));
}
