import { sessions } from '@countersign/db';
import { inArray } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import type { DeliveryOutcome } from '../outbox/control.ts';
import { abandonOutboxRows } from '../outbox/outbox.ts';
import { audit } from '../sessions/audit.ts';
import { signingUrl } from '../sessions/links.ts';
import {
  ccAddresses,
  queueSessionEmail,
  type SessionEmailOptions,
  senderNameFor,
} from '../sessions/notifications.ts';
import type { CreatedSession, NewSession } from './insert-sessions.ts';

export interface QueuedInvite {
  sessionId: string;
  participantId: string;
  outboxId: string;
}

/**
 * Queues the invites of new sessions (notify true): everyone for parallel signing; for sequential, the
 * first in order, and the later ones a heads-up when `sendInitialNotification` asks for it.
 */
export async function queueInvites(
  ctx: ServiceContext,
  accountId: string,
  created: CreatedSession[],
  batch: NewSession[],
): Promise<QueuedInvite[]> {
  const byRow = new Map(batch.map((b) => [b.rowIndex, b]));
  const queued: QueuedInvite[] = [];
  for (const s of created) {
    const spec = byRow.get(s.rowIndex)!;
    const options = spec.options as SessionEmailOptions & { sendInitialNotification?: boolean };
    const senderName = await senderNameFor(ctx, accountId, options);
    const email = {
      accountId,
      sessionId: s.sessionId,
      sessionTitle: spec.title,
      options,
      expiresAt: spec.expiresAt,
      test: spec.test ?? false,
      senderName,
    };
    const invited = invitedAtSend(spec.signingType, s.participants);
    const total = s.participants.length;
    for (const p of s.participants) {
      const yourTurn = invited(p);
      if (!yourTurn && !options.sendInitialNotification) continue;
      const outboxId = yourTurn
        ? await queueSessionEmail(
            ctx,
            { ...email, to: p, inviteOf: p.participantId },
            {
              kind: 'invite',
              signingUrl: signingUrl(ctx, p.linkToken),
              subject: options.subject ?? null,
              message: options.message,
              messageTemplate: options.messageTemplate,
              documents: s.documents.map((d) => d.filename),
              signingType: spec.signingType,
              yourTurn: true,
              otpRequired: spec.authRequirement === 'otp',
              expiresAt: new Date(spec.expiresAt),
              recipientEmail: p.email,
            },
          )
        : await queueSessionEmail(
            ctx,
            { ...email, to: p },
            {
              kind: 'upcoming',
              position: p.signingOrder,
              total,
              expiresAt: new Date(spec.expiresAt),
            },
          );
      await audit(ctx, {
        sessionId: s.sessionId,
        participantId: p.participantId,
        type: 'invite.queued',
        data: { yourTurn },
      });
      queued.push({ sessionId: s.sessionId, participantId: p.participantId, outboxId });
    }
    // Each cc address gets a copy of its own, with no link: a cc never signs (the signed PDF follows).
    for (const address of ccAddresses(options)) {
      await queueSessionEmail(
        ctx,
        { ...email, to: { name: null, email: address } },
        {
          kind: 'cc_copy',
          signers: s.participants.map((p) => p.name),
          documents: s.documents.map((d) => d.filename),
          expiresAt: new Date(spec.expiresAt),
          message: options.message ?? null,
        },
      );
    }
  }
  return queued;
}

/**
 * Who a send invites (with notify true): everyone for parallel signing; for sequential, the signers of the lowest
 * signing order. The later ones are invited when their turn comes.
 */
export function invitedAtSend(
  signingType: 'parallel' | 'sequential',
  participants: { signingOrder: number }[],
): (p: { signingOrder: number }) => boolean {
  if (signingType === 'parallel') return () => true;
  const first = Math.min(...participants.map((p) => p.signingOrder));
  return (p) => p.signingOrder === first;
}

/** Sends queued invites now and reports the outcome per participant. */
export async function deliverInvites(
  ctx: ServiceContext,
  invites: QueuedInvite[],
): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = await ctx.outbox.deliverNow(invites.map((i) => i.outboxId));
  return new Map(invites.map((i) => [i.participantId, outcomes.get(i.outboxId)!]));
}

/**
 * Removes sessions whose entry failed after creation (an invite was refused): their links die with them
 * and their other pending emails are never sent.
 */
export async function discardSessions(
  ctx: ServiceContext,
  sessionIds: string[],
  invites: QueuedInvite[],
  reason: string,
): Promise<void> {
  if (sessionIds.length === 0) return;
  const ids = new Set(sessionIds);
  const outboxIds = invites.filter((i) => ids.has(i.sessionId)).map((i) => i.outboxId);
  await ctx.db.transaction(async () => {
    await abandonOutboxRows(ctx, outboxIds, reason);
    await ctx.db.delete(sessions).where(inArray(sessions.id, sessionIds));
  });
}
