import { accounts, containsText, participants, sessions } from '@countersign/db';
import type { SessionDetail, SessionList, SessionListQuery, SessionSummary } from '@countersign/schemas';
import { and, desc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { before, keysetPage } from '../support/cursor.ts';
import { DomainError } from '../support/errors.ts';
import { documentOfSession, documentsOfSession } from './documents.ts';
import { type ParticipantRow, participantsOfSession, participantsOfSessions } from './participants.ts';
import { purgeView, retentionPurgeAt } from './purge.ts';
import { recipientFilter } from './recipient-search.ts';
import { type SessionRow, sessionOf } from './session-lookup.ts';
import { sessionTimeline } from './timeline.ts';

const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

function summary(row: SessionRow): SessionSummary {
  return {
    sessionId: row.id,
    title: row.title,
    status: row.status,
    source: row.source,
    templateId: row.templateId,
    bulkSendBatchId: row.bulkBatchId,
    createdAt: iso(row.createdAt)!,
    expiresAt: iso(row.expiresAt)!,
    completedAt: iso(row.completedAt),
    test: row.test,
  };
}

/** The account's sessions, newest first, keyset-paged (stable while new sessions arrive). */
export async function listSessions(
  ctx: ServiceContext,
  accountId: string,
  query: SessionListQuery,
): Promise<SessionList> {
  const conditions = [eq(sessions.accountId, accountId)];
  if (query.status) conditions.push(eq(sessions.status, query.status));
  if (query.bulkSendBatchId) conditions.push(eq(sessions.bulkBatchId, query.bulkSendBatchId));
  if (query.templateId) conditions.push(eq(sessions.templateId, query.templateId));
  if (query.from) conditions.push(gte(sessions.createdAt, Date.parse(query.from)));
  if (query.to) conditions.push(lte(sessions.createdAt, Date.parse(query.to)));
  if (query.q) {
    const q = query.q.trim();
    if (q.includes('@')) {
      // Through the participants' email index: the sessions that have this recipient.
      const withRecipient = ctx.db
        .select({ id: participants.sessionId })
        .from(participants)
        .where(sql`lower(${participants.email}) = ${q.toLowerCase()}`);
      conditions.push(inArray(sessions.id, withRecipient));
    } else {
      conditions.push(containsText(ctx.db, sessions.title, q));
    }
  }
  if (query.test) conditions.push(eq(sessions.test, query.test === 'true'));
  if (ctx.testOnly) conditions.push(eq(sessions.test, true));
  // Through a bulk send's thousands of sessions with one createdAt too.
  if (query.cursor) conditions.push(before(sessions.createdAt, sessions.id, query.cursor));
  const rows = await listedRows(ctx, accountId, conditions, query);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.createdAt, r.id]);
  // The page's people in one indexed read (participants_session), not one per session.
  const people = new Map<string, ParticipantRow[]>();
  const ids = page.map((r) => r.id);
  for (const p of ids.length ? await participantsOfSessions(ctx, ids) : []) {
    const list = people.get(p.sessionId);
    if (list) list.push(p);
    else people.set(p.sessionId, [p]);
  }
  return {
    sessions: page.map((row) => ({
      ...summary(row),
      recipients: (people.get(row.id) ?? []).map((p) => ({
        participantId: p.id,
        name: p.name,
        email: p.email,
        status: p.status,
      })),
    })),
    nextCursor,
  };
}

/**
 * The page's rows (and one more), newest first. With a recipient filter whose matches are few, they lead: a
 * CROSS JOIN keeps them the outer loop on SQLite (its planner would otherwise walk the account's index to
 * avoid the sort), so a search costs its matches, not the account's size (recipient-search.ts).
 */
async function listedRows(
  ctx: ServiceContext,
  accountId: string,
  conditions: SQL[],
  query: SessionListQuery,
): Promise<SessionRow[]> {
  const recipient = query.recipient ? await recipientFilter(ctx, accountId, query.recipient) : null;
  if (recipient?.kind === 'none') return [];
  const where = and(...conditions, ...(recipient?.also ?? []));
  const order = [desc(sessions.createdAt), desc(sessions.id)];
  if (recipient?.kind === 'leading') {
    const matches = recipient.leading.as('matches');
    return ctx.db
      .select(getTableColumns(sessions))
      .from(matches)
      .crossJoin(sessions)
      .where(and(eq(sessions.id, matches.sessionId), where))
      .orderBy(...order)
      .limit(query.limit + 1);
  }
  return ctx.db
    .select()
    .from(sessions)
    .where(where)
    .orderBy(...order)
    .limit(query.limit + 1);
}

export async function getSessionDetail(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
): Promise<SessionDetail> {
  const row = await sessionOf(ctx, accountId, sessionId);
  const docs = await documentsOfSession(ctx, row.id);
  const people = await participantsOfSession(ctx, row.id);
  return {
    ...summary(row),
    signingType: row.signingType,
    authRequirement: row.authRequirement,
    notify: row.notify,
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    declinedAt: iso(row.declinedAt),
    declineReason: row.declineReason,
    expiredAt: iso(row.expiredAt),
    completionFailure:
      row.completionFailures > 0 && (row.status === 'active' || row.status === 'failed')
        ? {
            attempts: row.completionFailures,
            reason: row.completionError ?? 'unknown',
            failedAt: iso(row.failedAt),
            nextAttemptAt: row.status === 'active' ? iso(row.completionClaimedUntil) : null,
          }
        : null,
    documents: docs.map((d) => ({
      documentId: d.id,
      filename: d.filename,
      cloudFileId: d.cloudFileId,
      pageCount: d.pageCount,
      signed: d.finalSha256 !== null,
      downloadUrl: `${ctx.config.publicUrl}/api/sessions/${row.id}/documents/${d.id}`,
    })),
    events: await sessionTimeline(ctx, row.id),
    ...(await lifecycleView(ctx, row)),
    participants: people.map((p) => ({
      participantId: p.id,
      name: p.name,
      email: p.email,
      status: p.status,
      signingOrder: p.signingOrder,
      roleLabel: p.roleLabel,
      inviteStatus: p.inviteStatus,
      viewedAt: iso(p.viewedAt),
      signedAt: iso(p.signedAt),
      declinedAt: iso(p.declinedAt),
    })),
  };
}

/** Retention, legal hold and the tombstone (docs/evidence.md "Retention and purging"). */
async function lifecycleView(ctx: ServiceContext, row: SessionRow) {
  const account = (
    await ctx.db
      .select({ retentionDays: accounts.retentionDays })
      .from(accounts)
      .where(eq(accounts.id, row.accountId))
      .limit(1)
  )[0];
  return {
    retentionDays: row.retentionDays ?? account?.retentionDays ?? null,
    purgeAt: iso(retentionPurgeAt(row, account?.retentionDays ?? null)),
    legalHold: row.legalHoldAt !== null,
    purge: await purgeView(ctx, row),
  };
}

/** The PDF of a session document: the sealed final once completed, the prepared one before. */
export async function sessionDocumentFile(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  documentId: string,
) {
  const row = await sessionOf(ctx, accountId, sessionId);
  if (row.purgeRequestedAt !== null)
    throw new DomainError('session_purged', `session ${sessionId} was purged; its documents are deleted`);
  const doc = await documentOfSession(ctx, row.id, documentId);
  if (!doc) throw new DomainError('not_found', `document ${documentId} not found in session ${sessionId}`);
  const signed = doc.finalSha256 !== null;
  const base = doc.filename.replace(/\.pdf$/i, '');
  return {
    sha256: doc.finalSha256 ?? doc.preparedSha256,
    filename: signed ? `${base} (signed).pdf` : `${base}.pdf`,
    signed,
  };
}
