import { accounts, members, signInLinks } from '@countersign/db';
import { memberSignInEmailJob } from '@countersign/schemas';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { queueEmail } from '../outbox/email.ts';
import { queueJob } from '../outbox/jobs.ts';
import { assertSignInWithoutSsoAllowed } from '../sso/connections.ts';
import { newId, newSecret, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { type MemberRow, normalEmail } from './members.ts';
import {
  SIGN_IN_EMAILS_PER_ADDRESS,
  SIGN_IN_LINK_TTL_MS,
  SIGN_IN_REQUESTS_PER_CLIENT,
  SIGN_IN_WINDOW_MS,
} from './policy.ts';
import { signInEmail } from './sign-in-email.ts';
import { throttle } from './throttle.ts';

const PREFIX = 'cssl_';

/**
 * A one-time sign-in link for a member. The token travels in the URL fragment, which browsers never send to
 * a server, so it stays out of access logs and Referer headers; the app's sign-in page posts it.
 */
export async function createSignInLink(
  ctx: ServiceContext,
  memberId: string,
  validMs = SIGN_IN_LINK_TTL_MS,
): Promise<{ url: string; expiresAt: number }> {
  const token = newSecret(PREFIX);
  const now = ctx.clock.now();
  const expiresAt = now + validMs;
  await ctx.db
    .insert(signInLinks)
    .values({ id: newId(), memberId, tokenHash: sha256Hex(token), createdAt: now, expiresAt });
  return { url: `${ctx.config.publicUrl}/app/sign-in#token=${token}`, expiresAt };
}

/**
 * Asks for sign-in links to be emailed to `email` if it belongs to any account. The request does the same work
 * whether or not it does (the throttles, then one outbox row for `emailSignInLinks`), so neither the answer nor
 * its timing reveals who is a member; the throttles count every request for an address, member or not.
 */
export async function requestSignInEmail(ctx: ServiceContext, email: string, client: string): Promise<void> {
  const address = normalEmail(email);
  const limits = [
    [`sign-in:client:${client}`, SIGN_IN_REQUESTS_PER_CLIENT],
    [`sign-in:address:${address}`, SIGN_IN_EMAILS_PER_ADDRESS],
  ] as const;
  for (const [key, limit] of limits) await throttle(ctx, key, limit, SIGN_IN_WINDOW_MS, 'sign-in emails');
  await queueJob(ctx, null, { job: memberSignInEmailJob.name, address });
  ctx.outbox.kick();
}

/** The `members.sign-in-email` job: one link per account `address` belongs to, in one email; none for a stranger. */
export async function emailSignInLinks(ctx: ServiceContext, address: string): Promise<void> {
  const rows = await ctx.db
    .select({ member: members, accountName: accounts.name })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(eq(members.email, address));
  if (rows.length === 0) return;
  const links = [];
  for (const row of rows) {
    links.push({ accountName: row.accountName, url: (await createSignInLink(ctx, row.member.id)).url });
  }
  await queueEmail(ctx, null, signInEmail(address, links, SIGN_IN_LINK_TTL_MS / 60_000));
  ctx.outbox.kick();
}

/**
 * Uses a sign-in link: the one update both checks and spends it (unused, unexpired), so two concurrent uses
 * cannot both succeed. Unknown, used and expired links get the same answer.
 */
export async function consumeSignInLink(ctx: ServiceContext, token: string): Promise<MemberRow> {
  const now = ctx.clock.now();
  const [spent] = await ctx.db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInLinks.tokenHash, sha256Hex(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, now),
      ),
    )
    .returning({ memberId: signInLinks.memberId });
  if (!spent) {
    throw new DomainError(
      'sign_in_link_invalid',
      'this sign-in link is invalid, already used or expired; request a new one',
    );
  }
  const [found] = await ctx.db.select().from(members).where(eq(members.id, spent.memberId)).limit(1);
  if (!found) throw new DomainError('sign_in_link_invalid', 'this sign-in link no longer has a member');
  await assertSignInWithoutSsoAllowed(ctx, found);
  const [member] = await ctx.db
    .update(members)
    .set({ lastSignInAt: now })
    .where(eq(members.id, spent.memberId))
    .returning();
  if (!member) throw new DomainError('sign_in_link_invalid', 'this sign-in link no longer has a member');
  return member;
}
