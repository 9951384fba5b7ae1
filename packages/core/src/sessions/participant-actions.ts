import type { ServiceContext } from '../context.ts';
import { HOUR_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';
import { countHits, recordHit } from '../support/rate-limit.ts';
import { type AuditOrigin, audit } from './audit.ts';
import { documentsOfSession } from './documents.ts';
import { currentTurn } from './lifecycle.ts';
import { participantLink } from './links.ts';
import { emailContext, queueSessionEmail, type SessionEmailOptions } from './notifications.ts';
import { participantsOfSession } from './participants.ts';
import { sessionOf } from './session-lookup.ts';

/** Resends per participant per hour: enough to fix a lost email, too few to spam a recipient. */
const RESENDS_PER_HOUR = 3;

async function participantOf(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  participantId: string,
) {
  const session = await sessionOf(ctx, accountId, sessionId);
  const participant = (await participantsOfSession(ctx, session.id)).find((p) => p.id === participantId);
  if (!participant) {
    throw new DomainError('not_found', `participant ${participantId} not found in session ${sessionId}`);
  }
  return { session, participant };
}

/**
 * Sends a participant's invite again (same link): only while the session is active and it is their turn to
 * sign. Works for `notify: false` sessions too: a member asking for it is an explicit choice.
 */
export async function resendInvite(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  participantId: string,
  origin?: AuditOrigin,
): Promise<{ sessionId: string; participantId: string; queued: true }> {
  const { session, participant } = await participantOf(ctx, accountId, sessionId, participantId);
  if (session.status !== 'active') {
    throw new DomainError('invalid_request', `the session is ${session.status}: no invite can be sent`);
  }
  if (!currentTurn(session, await participantsOfSession(ctx, session.id)).has(participant.id)) {
    throw new DomainError(
      'invalid_request',
      participant.status === 'signed'
        ? 'this participant has already signed'
        : "it is not this participant's turn to sign yet",
    );
  }
  const key = `resend:${participant.id}`;
  const { count, resetAt } = await countHits(ctx, key, HOUR_MS);
  if (count >= RESENDS_PER_HOUR) {
    const seconds = Math.max(1, Math.ceil((resetAt - ctx.clock.now()) / 1000));
    throw new DomainError(
      'rate_limited',
      `this invite was resent ${count} times in the last hour; try later`,
      {},
      {
        'Retry-After': String(seconds),
      },
    );
  }
  const options = session.options as SessionEmailOptions;
  const filenames = (await documentsOfSession(ctx, session.id)).map((d) => d.filename);
  await ctx.db.transaction(async () => {
    await recordHit(ctx, key, HOUR_MS);
    await queueSessionEmail(
      ctx,
      { ...(await emailContext(ctx, session)), to: participant, inviteOf: participant.id },
      {
        kind: 'invite',
        signingUrl: participantLink(ctx, participant),
        subject: options.subject ?? null,
        message: options.message,
        messageTemplate: options.messageTemplate,
        documents: filenames,
        signingType: session.signingType,
        yourTurn: true,
        otpRequired: session.authRequirement === 'otp',
        expiresAt: new Date(session.expiresAt),
        recipientEmail: participant.email,
      },
    );
    await audit(ctx, { sessionId: session.id, participantId: participant.id, type: 'invite.resent', origin });
  });
  ctx.outbox.kick();
  return { sessionId: session.id, participantId: participant.id, queued: true };
}

/** A participant's signing link, for handing over by hand (`notify: false` sends). */
export async function participantSigningUrl(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  participantId: string,
): Promise<{ url: string }> {
  const { participant } = await participantOf(ctx, accountId, sessionId, participantId);
  return { url: participantLink(ctx, participant) };
}
