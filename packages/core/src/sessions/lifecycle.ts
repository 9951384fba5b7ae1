import { documents, participants, preparedQuery, sessions } from '@countersign/db';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { emitSessionEvent } from '../events/emit.ts';
import { DAY_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';
import { type AuditOrigin, audit } from './audit.ts';
import { participantLink } from './links.ts';
import { queueSessionEmail, type SessionEmailOptions, senderNameFor } from './notifications.ts';
import { sessionOf, sessionStatusOf } from './read.ts';

type SessionRow = typeof sessions.$inferSelect;
type ParticipantRow = typeof participants.$inferSelect;

/** How long a signer's link keeps offering the signed PDF after completion. */
export const DOWNLOAD_DAYS_AFTER_COMPLETION = 30;

const participantsOf = preparedQuery((db) =>
  db
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sql.placeholder('sessionId')))
    .orderBy(asc(participants.position))
    .prepare(),
);

export const peopleOf = (ctx: ServiceContext, sessionId: string) => participantsOf(ctx.db).all({ sessionId });

/**
 * Who hears about a session's progress: those told about it already - invited (their turn came) or told up
 * front (`sendInitialNotification`). A later sequential signer never invited gets no "signed" or
 * "cancelled" email for a session they have not heard of.
 */
const informed = (session: SessionRow, people: ParticipantRow[]) =>
  people.filter(
    (p) =>
      p.notifiedAt !== null ||
      (session.options as { sendInitialNotification?: boolean }).sendInitialNotification,
  );

export const emailContext = (ctx: ServiceContext, session: SessionRow) => {
  const options = session.options as SessionEmailOptions;
  return {
    accountId: session.accountId,
    sessionId: session.id,
    sessionTitle: session.title,
    options,
    expiresAt: session.expiresAt,
    test: session.test,
    senderName: senderNameFor(ctx, session.accountId, options),
  };
};

const revokeOpenLinks = preparedQuery((db) =>
  db
    .update(participants)
    .set({ linkRevokedAt: sql`${sql.placeholder('now')}` })
    .where(and(eq(participants.sessionId, sql.placeholder('sessionId')), isNull(participants.linkRevokedAt)))
    .prepare(),
);

function revokeLinks(ctx: ServiceContext, sessionId: string): void {
  revokeOpenLinks(ctx.db).run({ sessionId, now: ctx.clock.now() });
}

/**
 * POST /api/sessions/cancel (spec 4.4 and the transition table): active -> cancelled with every link
 * revoked and the reason recorded; failed (completion gave up, nothing signed was produced) -> cancelled too; cancelled, expired or declined -> alreadyCancelled; every signer done
 * -> 409 (the signed documents stand).
 */
export function cancelSession(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  reason?: string,
  origin?: AuditOrigin,
) {
  // Cancelled, expired, declined and completed are final: answering them needs no write lock, which keeps
  // repeated cancels (an integrator's retries) off the writer's queue.
  const status = sessionStatusOf(ctx, accountId, sessionId);
  if (status === 'completed') throw completedError();
  // A failed completion produced no signed document: the session may still be cancelled.
  if (status !== 'active' && status !== 'failed')
    return { sessionId, cancelled: true as const, alreadyCancelled: true };
  const result = ctx.db.transaction(
    () => {
      const session = sessionOf(ctx, accountId, sessionId);
      if (
        session.status === 'completed' ||
        (session.status === 'active' && allSigned(peopleOf(ctx, sessionId)))
      ) {
        throw completedError(session.status === 'completed');
      }
      if (session.status !== 'active' && session.status !== 'failed')
        return { sessionId, cancelled: true as const, alreadyCancelled: true, wrote: false };
      const now = ctx.clock.now();
      if (session.status === 'active' && session.expiresAt <= now) {
        // Past its expiry but not yet swept: it is expired (its links already answer 410), so nothing is
        // left to revoke. Record the expiry now rather than call it a cancellation.
        markExpired(ctx, sessionId, now);
        return { sessionId, cancelled: true as const, alreadyCancelled: true, wrote: true };
      }
      ctx.db
        .update(sessions)
        .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason ?? null, updatedAt: now })
        .where(eq(sessions.id, sessionId))
        .run();
      revokeLinks(ctx, sessionId);
      audit(ctx, { sessionId, type: 'session.cancelled', origin, data: { reason: reason ?? null } });
      if (session.notify) {
        const email = emailContext(ctx, session);
        for (const p of informed(session, peopleOf(ctx, sessionId))) {
          queueSessionEmail(ctx, { ...email, to: p }, { kind: 'cancelled', reason: reason ?? null });
        }
      }
      emitSessionEvent(ctx, sessionId, 'session.cancelled', { reason: reason ?? null });
      return { sessionId, cancelled: true as const, alreadyCancelled: false, wrote: true };
    },
    { behavior: 'immediate' },
  );
  const { wrote, ...answer } = result;
  if (wrote) ctx.outbox.kick();
  return answer;
}

/** Completed, or every signer signed and its signed PDFs are being produced (see completeSession). */
const completedError = (completed = true) =>
  new DomainError(
    'session_completed',
    completed
      ? 'every signer has completed this session; the signed documents stand'
      : 'every signer has signed this session, so it can no longer be cancelled; it completes once its signed documents are produced',
  );

const allSigned = (people: ParticipantRow[]) => people.every((p) => p.status === 'signed');

/** The signers whose turn it is: everyone unsigned (parallel), or the lowest unsigned order (sequential). */
export function currentTurn(session: Pick<SessionRow, 'signingType'>, people: ParticipantRow[]): Set<string> {
  const open = people.filter((p) => p.status !== 'signed' && p.status !== 'declined');
  if (session.signingType === 'parallel' || open.length === 0) return new Set(open.map((p) => p.id));
  const next = Math.min(...open.map((p) => p.signingOrder));
  return new Set(open.filter((p) => p.signingOrder === next).map((p) => p.id));
}

/**
 * A signer declined: the session ends as declined and every link is revoked. Inside the caller's write
 * transaction, after it checked the link is live and the signer has not signed; the caller kicks the outbox.
 */
export function declineSession(
  ctx: ServiceContext,
  participant: ParticipantRow,
  reason: string | null,
  origin: AuditOrigin,
): void {
  const now = ctx.clock.now();
  const session = ctx.db.select().from(sessions).where(eq(sessions.id, participant.sessionId)).get()!;
  ctx.db
    .update(participants)
    .set({ status: 'declined', declinedAt: now })
    .where(eq(participants.id, participant.id))
    .run();
  ctx.db
    .update(sessions)
    .set({ status: 'declined', declinedAt: now, declineReason: reason, updatedAt: now })
    .where(eq(sessions.id, session.id))
    .run();
  revokeLinks(ctx, session.id);
  audit(ctx, {
    sessionId: session.id,
    participantId: participant.id,
    type: 'participant.declined',
    origin,
    data: { reason },
  });
  if (session.notify) {
    const email = emailContext(ctx, session);
    for (const p of informed(session, peopleOf(ctx, session.id))) {
      if (p.id === participant.id) continue;
      queueSessionEmail(
        ctx,
        { ...email, to: p },
        { kind: 'declined', declinerName: participant.name, reason },
      );
    }
  }
  emitSessionEvent(ctx, session.id, 'session.declined', { participantId: participant.id, reason });
}

/**
 * After a participant's signature is recorded (inside the same transaction): tell the others, invite the
 * next signer in sequential order, and when everyone has signed, hand the session to the completion job.
 * Returns whether the session is now fully signed.
 */
export function afterParticipantSigned(
  ctx: ServiceContext,
  sessionId: string,
  signerId: string,
): { allSigned: boolean } {
  const session = ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)).get()!;
  const people = peopleOf(ctx, sessionId);
  const signer = people.find((p) => p.id === signerId)!;
  const remaining = people.filter((p) => p.status !== 'signed');
  emitSessionEvent(ctx, sessionId, 'session.signed', { participantId: signerId });
  if (session.notify) {
    const email = emailContext(ctx, session);
    for (const p of informed(session, people)) {
      if (p.id === signerId || remaining.length === 0) continue;
      queueSessionEmail(
        ctx,
        { ...email, to: p },
        { kind: 'signed', signerName: signer.name, remaining: remaining.length },
      );
    }
  }
  if (remaining.length === 0) return { allSigned: true };
  if (session.signingType === 'sequential') {
    const turn = currentTurn(session, people);
    for (const p of people) {
      if (!turn.has(p.id) || p.notifiedAt !== null) continue;
      // A signer who opened the link early keeps `viewed`; only the time of the invite is recorded.
      ctx.db
        .update(participants)
        .set({
          status: p.status === 'pending' ? 'notified' : p.status,
          notifiedAt: ctx.clock.now(),
          ...(session.notify ? { inviteStatus: 'sent' as const } : {}),
        })
        .where(eq(participants.id, p.id))
        .run();
      if (!session.notify) continue;
      const docs = ctx.db
        .select({ filename: documents.filename })
        .from(documents)
        .where(eq(documents.sessionId, sessionId))
        .all();
      queueSessionEmail(
        ctx,
        { ...emailContext(ctx, session), to: p, inviteOf: p.id },
        {
          kind: 'next_signer',
          recipientEmail: p.email,
          signingUrl: participantLink(ctx, p),
          previousSignerName: signer.name,
          expiresAt: new Date(session.expiresAt),
          documents: docs.map((d) => d.filename),
          otpRequired: session.authRequirement === 'otp',
          subject: (session.options as SessionEmailOptions).subject ?? null,
          message: (session.options as SessionEmailOptions).message ?? null,
          messageTemplate: (session.options as SessionEmailOptions).messageTemplate ?? null,
        },
      );
    }
  }
  return { allSigned: false };
}

/** active -> expired, links revoked; inside the caller's write transaction, after it checked the session is due. */
function markExpired(ctx: ServiceContext, sessionId: string, now: number): void {
  ctx.db
    .update(sessions)
    .set({ status: 'expired', expiredAt: now, updatedAt: now })
    .where(eq(sessions.id, sessionId))
    .run();
  revokeLinks(ctx, sessionId);
  audit(ctx, { sessionId, type: 'session.expired' });
  emitSessionEvent(ctx, sessionId, 'session.expired');
}

/** Sweep: active sessions past their expiry become expired, links revoked (durable state, any worker). */
export function expireDueSessions(ctx: ServiceContext): number {
  const now = ctx.clock.now();
  const due = ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.status, 'active'), lte(sessions.expiresAt, now)))
    .limit(500)
    .all();
  let expired = 0;
  for (const { id } of due) {
    ctx.db.transaction(
      () => {
        // Re-read inside the write transaction: another worker's sweep or a last signature may have won.
        const s = ctx.db.select().from(sessions).where(eq(sessions.id, id)).get();
        if (s?.status !== 'active' || s.expiresAt > now) return;
        if (allSigned(peopleOf(ctx, id))) return; // completion is on its way
        markExpired(ctx, id, now);
        expired++;
      },
      { behavior: 'immediate' },
    );
  }
  if (expired > 0) ctx.outbox.kick();
  return expired;
}

/**
 * Sweep: reminder emails `reminderDaysBeforeExpiry` days before expiry (template sends with
 * `remindersEnabled` and `notify`), to signers whose turn it is. Each offset is sent once per session.
 */
export function queueDueReminders(ctx: ServiceContext): number {
  const now = ctx.clock.now();
  const candidates = ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.status, 'active'),
        eq(sessions.notify, true),
        sql`json_extract(${sessions.options}, '$.remindersEnabled') = 1`,
      ),
    )
    .all();
  let queued = 0;
  for (const candidate of candidates) {
    const options = candidate.options as SessionEmailOptions & {
      remindersEnabled?: boolean;
      reminderDaysBeforeExpiry?: number[];
    };
    if (!options.remindersEnabled || !options.reminderDaysBeforeExpiry?.length) continue;
    const sent = new Set(candidate.remindersSent as number[]);
    const due = options.reminderDaysBeforeExpiry.filter(
      (d) => !sent.has(d) && now >= candidate.expiresAt - d * DAY_MS,
    );
    if (due.length === 0) continue;
    ctx.db.transaction(
      () => {
        const s = ctx.db.select().from(sessions).where(eq(sessions.id, candidate.id)).get()!;
        const already = new Set(s.remindersSent as number[]);
        const fresh = due.filter((d) => !already.has(d));
        if (s.status !== 'active' || fresh.length === 0) return;
        ctx.db
          .update(sessions)
          .set({ remindersSent: [...already, ...fresh] })
          .where(eq(sessions.id, s.id))
          .run();
        const people = peopleOf(ctx, s.id);
        const turn = currentTurn(s, people);
        const daysLeft = Math.max(0, Math.ceil((s.expiresAt - now) / DAY_MS));
        for (const p of people) {
          if (!turn.has(p.id)) continue;
          queueSessionEmail(
            ctx,
            { ...emailContext(ctx, s), to: p },
            {
              kind: 'reminder',
              signingUrl: participantLink(ctx, p),
              daysLeft,
              expiresAt: new Date(s.expiresAt),
              otpRequired: s.authRequirement === 'otp',
            },
          );
          queued++;
        }
        audit(ctx, { sessionId: s.id, type: 'reminder.queued', data: { days: fresh } });
      },
      { behavior: 'immediate' },
    );
  }
  if (queued > 0) ctx.outbox.kick();
  return queued;
}
