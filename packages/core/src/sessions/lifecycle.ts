import { jsonIsTrue, participants, preparedQuery, sessions } from '@countersign/db';
import { sessionCompleteJob } from '@countersign/schemas';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { emitSessionEvent } from '../events/emit.ts';
import { queueJob } from '../outbox/jobs.ts';
import { DAY_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';
import { oneWriterPerKey } from '../support/one-writer.ts';
import { type AuditOrigin, audit } from './audit.ts';
import { documentsOfSession } from './documents.ts';
import { participantLink } from './links.ts';
import { emailContext, queueSessionEmail, type SessionEmailOptions } from './notifications.ts';
import { queueOutcomeEmails } from './outcome-emails.ts';
import { type ParticipantRow, participantsOfSession } from './participants.ts';
import {
  type SessionRow,
  sessionById,
  sessionOf,
  sessionStatusOf,
  sessionWithPeople,
} from './session-lookup.ts';

/** How long a signer's link keeps offering the signed PDF after completion. */
export const DOWNLOAD_DAYS_AFTER_COMPLETION = 30;

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

const revokeOpenLinks = preparedQuery((db) =>
  db
    .update(participants)
    .set({ linkRevokedAt: sql`${sql.placeholder('now')}` })
    .where(and(eq(participants.sessionId, sql.placeholder('sessionId')), isNull(participants.linkRevokedAt)))
    .prepare(),
);

async function revokeLinks(ctx: ServiceContext, sessionId: string): Promise<void> {
  await revokeOpenLinks(ctx.db).execute({ sessionId, now: ctx.clock.now() });
}

/**
 * POST /api/sessions/cancel (spec 4.4 and the transition table): active -> cancelled with every link
 * revoked and the reason recorded; failed (completion gave up, nothing signed was produced) -> cancelled too; cancelled, expired or declined -> alreadyCancelled; every signer done
 * -> 409 (the signed documents stand).
 */
export async function cancelSession(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  reason?: string,
  origin?: AuditOrigin,
) {
  // The steps are passed inline, not as named closures: tsx names every function a `const` holds, once per
  // call, and a repeated cancel is hot enough for that to show in a profile.
  const { wrote, ...answer } = await oneWriterPerKey(
    ctx.db,
    `cancel ${sessionId}`,
    () => finalAnswer(ctx, accountId, sessionId),
    () => cancelInTransaction(ctx, accountId, sessionId, reason ?? null, origin),
    // A cancel of the same session that succeeded meanwhile left it final: already cancelled, for this caller.
    () => alreadyCancelled(sessionId, false),
  );
  if (wrote) ctx.outbox.kick();
  return answer;
}

const alreadyCancelled = (sessionId: string, wrote: boolean) => ({
  sessionId,
  cancelled: true as const,
  alreadyCancelled: true,
  wrote,
});

/**
 * Cancelled, expired, declined and completed are final: answering them needs no write lock, which keeps
 * repeated cancels (an integrator's retries) off the writer's queue. Undefined when the session needs a write.
 */
async function finalAnswer(ctx: ServiceContext, accountId: string, sessionId: string) {
  const status = await sessionStatusOf(ctx, accountId, sessionId);
  if (status === 'completed') throw completedError();
  // A failed completion produced no signed document: the session may still be cancelled.
  if (status !== 'active' && status !== 'failed') return alreadyCancelled(sessionId, false);
  return undefined;
}

function cancelInTransaction(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  reason: string | null,
  origin: AuditOrigin | undefined,
) {
  return ctx.db.transaction(async () => {
    const session = await sessionOf(ctx, accountId, sessionId);
    if (
      session.status === 'completed' ||
      (session.status === 'active' && allSigned(await participantsOfSession(ctx, sessionId)))
    ) {
      throw completedError(session.status === 'completed');
    }
    if (session.status !== 'active' && session.status !== 'failed') return alreadyCancelled(sessionId, false);
    const now = ctx.clock.now();
    if (session.status === 'active' && session.expiresAt <= now) {
      // Past its expiry but not yet swept: it is expired (its links already answer 410), so nothing is
      // left to revoke. Record the expiry now rather than call it a cancellation.
      await markExpired(ctx, sessionId, now);
      return alreadyCancelled(sessionId, true);
    }
    await ctx.db
      .update(sessions)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
      .where(eq(sessions.id, sessionId));
    await revokeLinks(ctx, sessionId);
    await audit(ctx, { sessionId, type: 'session.cancelled', origin, data: { reason } });
    if (session.notify) {
      const email = await emailContext(ctx, session);
      for (const p of informed(session, await participantsOfSession(ctx, sessionId))) {
        await queueSessionEmail(ctx, { ...email, to: p }, { kind: 'cancelled', reason });
      }
    }
    await emitSessionEvent(ctx, sessionId, 'session.cancelled', { reason });
    return { sessionId, cancelled: true as const, alreadyCancelled: false, wrote: true };
  });
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
export async function declineSession(
  ctx: ServiceContext,
  participant: ParticipantRow,
  reason: string | null,
  origin: AuditOrigin,
): Promise<void> {
  const now = ctx.clock.now();
  const session = (await sessionById(ctx, participant.sessionId))!;
  await ctx.db
    .update(participants)
    .set({ status: 'declined', declinedAt: now })
    .where(eq(participants.id, participant.id));
  await ctx.db
    .update(sessions)
    .set({ status: 'declined', declinedAt: now, declineReason: reason, updatedAt: now })
    .where(eq(sessions.id, session.id));
  await revokeLinks(ctx, session.id);
  await audit(ctx, {
    sessionId: session.id,
    participantId: participant.id,
    type: 'participant.declined',
    origin,
    data: { reason },
  });
  if (session.notify) {
    const email = await emailContext(ctx, session);
    for (const p of informed(session, await participantsOfSession(ctx, session.id))) {
      if (p.id === participant.id) continue;
      await queueSessionEmail(
        ctx,
        { ...email, to: p },
        { kind: 'declined', declinerName: participant.name, reason },
      );
    }
  }
  await queueOutcomeEmails(ctx, session, {
    kind: 'sent_declined',
    at: now,
    declinerName: participant.name,
    reason,
  });
  await emitSessionEvent(ctx, session.id, 'session.declined', { participantId: participant.id, reason });
}

/**
 * After a participant's signature is recorded (inside the same transaction): tell the others, invite the
 * next signer in sequential order, and when everyone has signed, hand the session to the completion job.
 * Returns whether the session is now fully signed.
 */
export async function afterParticipantSigned(
  ctx: ServiceContext,
  sessionId: string,
  signerId: string,
): Promise<{ allSigned: boolean }> {
  const { session, people } = await sessionWithPeople(ctx, sessionId);
  const signer = people.find((p) => p.id === signerId)!;
  const remaining = people.filter((p) => p.status !== 'signed');
  await emitSessionEvent(ctx, sessionId, 'session.signed', { participantId: signerId });
  if (session.notify) {
    const email = await emailContext(ctx, session);
    for (const p of informed(session, people)) {
      if (p.id === signerId || remaining.length === 0) continue;
      await queueSessionEmail(
        ctx,
        { ...email, to: p },
        { kind: 'signed', signerName: signer.name, remaining: remaining.length },
      );
    }
  }
  if (remaining.length === 0) {
    await queueJob(ctx, session.accountId, { job: sessionCompleteJob.name, sessionId });
    return { allSigned: true };
  }
  if (session.signingType === 'sequential') {
    const turn = currentTurn(session, people);
    for (const p of people) {
      if (!turn.has(p.id) || p.notifiedAt !== null) continue;
      // A signer who opened the link early keeps `viewed`; only the time of the invite is recorded.
      await ctx.db
        .update(participants)
        .set({
          status: p.status === 'pending' ? 'notified' : p.status,
          notifiedAt: ctx.clock.now(),
          ...(session.notify ? { inviteStatus: 'sent' as const } : {}),
        })
        .where(eq(participants.id, p.id));
      if (!session.notify) continue;
      const docs = await documentsOfSession(ctx, sessionId);
      await queueSessionEmail(
        ctx,
        { ...(await emailContext(ctx, session)), to: p, inviteOf: p.id },
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
async function markExpired(ctx: ServiceContext, sessionId: string, now: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ status: 'expired', expiredAt: now, updatedAt: now })
    .where(eq(sessions.id, sessionId));
  await revokeLinks(ctx, sessionId);
  await audit(ctx, { sessionId, type: 'session.expired' });
  await emitSessionEvent(ctx, sessionId, 'session.expired');
}

/** Sweep: active sessions past their expiry become expired, links revoked (durable state, any worker). */
export async function expireDueSessions(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.status, 'active'), lte(sessions.expiresAt, now)))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async () => {
      // Re-read inside the write transaction: another worker's sweep or a last signature may have won.
      const s = await sessionById(ctx, id);
      if (s?.status !== 'active' || s.expiresAt > now) return;
      if (allSigned(await participantsOfSession(ctx, id))) return; // completion is on its way
      await markExpired(ctx, id, now);
      expired++;
    });
  }
  if (expired > 0) ctx.outbox.kick();
  return expired;
}

/**
 * Sweep: reminder emails `reminderDaysBeforeExpiry` days before expiry (template sends with
 * `remindersEnabled` and `notify`), to signers whose turn it is. Each offset is sent once per session.
 */
export async function queueDueReminders(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const candidates = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.status, 'active'),
        eq(sessions.notify, true),
        jsonIsTrue(ctx.db, sessions.options, 'remindersEnabled'),
      ),
    );
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
    await ctx.db.transaction(async () => {
      const s = (await sessionById(ctx, candidate.id))!;
      const already = new Set(s.remindersSent as number[]);
      const fresh = due.filter((d) => !already.has(d));
      if (s.status !== 'active' || fresh.length === 0) return;
      await ctx.db
        .update(sessions)
        .set({ remindersSent: [...already, ...fresh] })
        .where(eq(sessions.id, s.id));
      const people = await participantsOfSession(ctx, s.id);
      const turn = currentTurn(s, people);
      const daysLeft = Math.max(0, Math.ceil((s.expiresAt - now) / DAY_MS));
      for (const p of people) {
        if (!turn.has(p.id)) continue;
        await queueSessionEmail(
          ctx,
          { ...(await emailContext(ctx, s)), to: p },
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
      await audit(ctx, { sessionId: s.id, type: 'reminder.queued', data: { days: fresh } });
    });
  }
  if (queued > 0) ctx.outbox.kick();
  return queued;
}
