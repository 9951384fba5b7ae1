import { accounts, members, type sessions } from '@countersign/db';
import type { ServiceContext } from '../context.ts';
import { rowWhere } from '../support/row-where.ts';
import { queueSessionEmail, senderNameFor } from './notifications.ts';

/**
 * The outcome emails (docs/web-app.md "Outcome emails"): when a session completes or is declined, the member
 * who sent it from the web app is told (unless they turned it off), and so is the account's outcome address
 * (a shared inbox; not for test sessions). Queued in the caller's transaction, with the outcome itself; whether
 * the session emails its participants (`notify`) does not matter: these go to the sending side.
 */
export type SessionOutcome =
  | { kind: 'sent_completed'; at: number; signers: string[] }
  | { kind: 'sent_declined'; at: number; declinerName: string; reason: string | null };

export async function queueOutcomeEmails(
  ctx: ServiceContext,
  session: typeof sessions.$inferSelect,
  outcome: SessionOutcome,
): Promise<void> {
  const to = await outcomeRecipients(ctx, session);
  if (to.length === 0) return;
  const senderName = await senderNameFor(ctx, session.accountId, {});
  const message = {
    ...outcome,
    at: new Date(outcome.at),
    sessionUrl: `${ctx.config.publicUrl}/app/sessions/${session.id}`,
  };
  for (const r of to) {
    await queueSessionEmail(
      ctx,
      {
        accountId: session.accountId,
        sessionId: session.id,
        sessionTitle: session.title,
        // Their own language, else the account's; none of the send's options (its reply-to is the sender).
        options: { locale: r.locale },
        expiresAt: session.expiresAt,
        test: session.test,
        senderName,
        to: { name: r.name, email: r.email },
      },
      { ...message, audience: r.audience },
    );
  }
}

interface OutcomeRecipient {
  audience: 'sender' | 'outcomeAddress';
  name: string | null;
  email: string;
  locale: string | null;
}

/** The sending member (if still a member, and willing) and the account's address, each address once. */
async function outcomeRecipients(
  ctx: ServiceContext,
  session: typeof sessions.$inferSelect,
): Promise<OutcomeRecipient[]> {
  const found: OutcomeRecipient[] = [];
  if (session.sentByMemberId) {
    const member = await rowWhere(ctx.db, members, {
      id: session.sentByMemberId,
      accountId: session.accountId,
    });
    if (member?.outcomeEmails) {
      found.push({ audience: 'sender', name: member.name, email: member.email, locale: member.emailLocale });
    }
  }
  const address = (await rowWhere(ctx.db, accounts, { id: session.accountId }))?.outcomeEmail;
  if (address && !session.test && !found.some((r) => r.email.toLowerCase() === address.toLowerCase())) {
    found.push({ audience: 'outcomeAddress', name: null, email: address, locale: null });
  }
  return found;
}
