import { members } from '@countersign/db';
import { isLocale, type Locale } from '@countersign/schemas';
import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { memberOf } from './members.ts';

/** A member's own settings: whether they are emailed the outcome of the sessions they send, and in what language. */
export interface MemberPreferences {
  outcomeEmails: boolean;
  emailLocale: Locale | null;
}

export async function memberPreferences(
  ctx: ServiceContext,
  accountId: string,
  memberId: string,
): Promise<MemberPreferences> {
  const m = await memberOf(ctx, accountId, memberId);
  return { outcomeEmails: m.outcomeEmails, emailLocale: isLocale(m.emailLocale) ? m.emailLocale : null };
}

export async function updateMemberPreferences(
  ctx: ServiceContext,
  accountId: string,
  memberId: string,
  changes: { outcomeEmails?: boolean | undefined; emailLocale?: Locale | null | undefined },
): Promise<MemberPreferences> {
  const set: Partial<typeof members.$inferInsert> = {};
  if (changes.outcomeEmails !== undefined) set.outcomeEmails = changes.outcomeEmails;
  if (changes.emailLocale !== undefined) set.emailLocale = changes.emailLocale;
  if (Object.keys(set).length > 0) {
    await ctx.db
      .update(members)
      .set(set)
      .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  }
  return await memberPreferences(ctx, accountId, memberId);
}
