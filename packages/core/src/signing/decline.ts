import type { ServiceContext } from '../context.ts';
import { declineSession } from '../sessions/lifecycle.ts';
import { participantById } from '../sessions/participants.ts';
import { DomainError } from '../support/errors.ts';
import { dropDraft } from './draft.ts';
import { openLink } from './link.ts';
import { requireVerified } from './verification.ts';
import type { SignerRequest } from './view.ts';

/**
 * POST /api/signing/{token}/decline: any signer who has not signed may decline, their turn or not. The
 * session becomes declined and every link is revoked (`declineSession`). The checks and the change share
 * one write transaction: another process's signature, cancel or decline cannot land in between.
 */
export async function declineAsParticipant(
  ctx: ServiceContext,
  token: string,
  reason: string | null,
  request: SignerRequest,
): Promise<void> {
  await ctx.db.transaction(async () => {
    const link = await openLink(ctx, token);
    if (link.session.status === 'completed' || link.participant.status === 'signed') {
      throw new DomainError(
        'already_signed',
        'you have already signed this request; it can no longer be declined',
      );
    }
    await requireVerified(ctx, link, request.cookieToken);
    const participant = (await participantById(ctx, link.participant.id))!;
    await declineSession(ctx, participant, reason, request.origin);
    await dropDraft(ctx, participant.id);
  });
  ctx.outbox.kick();
}
