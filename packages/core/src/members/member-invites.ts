import { renderEmail } from '@countersign/emails';
import { getAccount } from '../accounts/accounts.ts';
import { brandingOf, brandingView } from '../accounts/branding.ts';
import type { ServiceContext } from '../context.ts';
import { queueEmail } from '../outbox/email.ts';
import { recordHit } from '../support/rate-limit.ts';
import { addMember, type MemberRow, normalEmail } from './members.ts';
import {
  INVITE_EMAILS_PER_ADDRESS,
  INVITE_LINK_TTL_MS,
  INVITE_WINDOW_MS,
  INVITES_PER_ACCOUNT,
} from './policy.ts';
import { createSignInLink } from './sign-in-links.ts';
import { refuseOverLimit } from './throttle.ts';

/**
 * Adds a member and emails them an invitation: who invited them (`inviter`, a member's name or address; the
 * account's name when a token invites) to which account, with a sign-in link that works once for 7 days, in the
 * account's default language. Throttled per invited address across accounts and per account; a refused invite
 * (429, or 409 for an existing member) counts against neither.
 */
export async function inviteMember(
  ctx: ServiceContext,
  accountId: string,
  input: { email: string; name?: string | null; role: 'owner' | 'member' },
  inviter: string | null,
): Promise<MemberRow> {
  const limits = [
    [`invite:address:${normalEmail(input.email)}`, INVITE_EMAILS_PER_ADDRESS, 'invites to this address'],
    [`invite:account:${accountId}`, INVITES_PER_ACCOUNT, 'invites from this account'],
  ] as const;
  for (const [key, limit, what] of limits) await refuseOverLimit(ctx, key, limit, INVITE_WINDOW_MS, what);
  const account = await getAccount(ctx, accountId);
  const branding = brandingView(ctx, await brandingOf(ctx, accountId));
  const member = await ctx.db.transaction(async () => {
    const row = await addMember(ctx, accountId, input);
    for (const [key] of limits) await recordHit(ctx, key, INVITE_WINDOW_MS);
    const link = await createSignInLink(ctx, row.id, INVITE_LINK_TTL_MS);
    const email = renderEmail({
      kind: 'member_invite',
      locale: branding.defaultLocale ?? 'en',
      sessionTitle: account.name,
      senderName: inviter ?? account.name,
      recipientName: row.name,
      signInUrl: link.url,
      expiresAt: new Date(link.expiresAt),
      branding: { accentColor: branding.accentColor, logoUrl: branding.logoUrl },
    });
    await queueEmail(ctx, accountId, { to: [row.email], fromName: account.name, ...email });
    return row;
  });
  ctx.outbox.kick();
  return member;
}
