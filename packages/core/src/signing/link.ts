import type { ServiceContext } from '../context.ts';
import { DOWNLOAD_DAYS_AFTER_COMPLETION } from '../sessions/lifecycle.ts';
import { linkTokenHash } from '../sessions/links.ts';
import { type ParticipantRow, participantByLinkHash } from '../sessions/participants.ts';
import { type SessionRow, sessionById } from '../sessions/session-lookup.ts';
import { DAY_MS } from '../support/clock.ts';
import { DomainError } from '../support/errors.ts';

export interface OpenLink {
  session: SessionRow;
  participant: ParticipantRow;
  /** When a completed session stops offering its signed PDF through this link; null while active. */
  downloadUntil: number | null;
}

// Our tokens are 43 base64url characters; anything else cannot be a link and is not worth a lookup.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * The session and participant behind a signing-link token, if the link still leads somewhere: unknown
 * tokens are 404; cancelled, expired and declined sessions and revoked links are 410 with a code saying
 * which; a completed session answers (to offer the signed PDF) for DOWNLOAD_DAYS_AFTER_COMPLETION days.
 */
export async function openLink(ctx: ServiceContext, token: string): Promise<OpenLink> {
  const participant = TOKEN_SHAPE.test(token)
    ? await participantByLinkHash(ctx, linkTokenHash(token))
    : undefined;
  if (!participant) throw new DomainError('link_not_found', 'no signing link matches this address');
  const session = await sessionById(ctx, participant.sessionId);
  if (!session) throw new DomainError('link_not_found', 'no signing link matches this address');
  // A purged session's link shows nothing of it, whatever its status was (docs/evidence.md).
  if (session.purgeRequestedAt !== null)
    throw new DomainError('session_purged', 'this signing request was deleted by the sender');
  const now = ctx.clock.now();

  switch (session.status) {
    case 'cancelled':
      throw new DomainError('session_cancelled', 'the sender cancelled this signing request');
    case 'declined':
      throw new DomainError('session_declined', 'a signer declined this signing request, so it was closed');
    case 'expired':
      throw expired();
    case 'completed': {
      const downloadUntil =
        (session.completedAt ?? session.updatedAt) + DOWNLOAD_DAYS_AFTER_COMPLETION * DAY_MS;
      if (now >= downloadUntil) {
        throw new DomainError(
          'download_expired',
          `this request was completed more than ${DOWNLOAD_DAYS_AFTER_COMPLETION} days ago; ask the sender for a copy`,
        );
      }
      return { session, participant, downloadUntil };
    }
    case 'active':
      // The expiry sweep may not have run yet: past its expiry the session is over all the same.
      if (session.expiresAt <= now) throw expired();
      if (participant.linkRevokedAt !== null)
        throw new DomainError('link_revoked', 'this signing link was revoked');
      return { session, participant, downloadUntil: null };
    case 'failed':
      // Everyone signed; the signed PDF is not there (yet): the link shows the signer's own state.
      return { session, participant, downloadUntil: null };
  }
}

const expired = () =>
  new DomainError('session_expired', 'this signing request expired before everyone signed');
