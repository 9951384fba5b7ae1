import { accounts } from '@countersign/db';
import type { Account } from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { getAccount } from './accounts.ts';

/** GET /api/account's body. */
export type AccountView = Account;

export async function accountView(ctx: ServiceContext, accountId: string): Promise<AccountView> {
  const a = await getAccount(ctx, accountId);
  return {
    accountId: a.id,
    name: a.name,
    email: a.email,
    defaultSenderName: a.defaultSenderName,
    outcomeEmail: a.outcomeEmail,
    retentionDays: a.retentionDays,
    createdAt: new Date(a.createdAt).toISOString(),
  };
}

/**
 * The settings the web app and the API edit: the account's name, the invite emails' default sender name and
 * how long ended sessions are kept (null: kept; docs/evidence.md), and the address told of every session's outcome.
 */
export async function updateAccountSettings(
  ctx: ServiceContext,
  accountId: string,
  changes: {
    name?: string | undefined;
    defaultSenderName?: string | null | undefined;
    outcomeEmail?: string | null | undefined;
    retentionDays?: number | null | undefined;
  },
): Promise<AccountView> {
  const set: Partial<typeof accounts.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name.trim() || (await getAccount(ctx, accountId)).name;
  if (changes.defaultSenderName !== undefined)
    set.defaultSenderName = changes.defaultSenderName?.trim() || null;
  if (changes.retentionDays !== undefined) set.retentionDays = changes.retentionDays;
  if (changes.outcomeEmail !== undefined) set.outcomeEmail = changes.outcomeEmail?.trim() || null;
  if (Object.keys(set).length > 0) await ctx.db.update(accounts).set(set).where(eq(accounts.id, accountId));
  return await accountView(ctx, accountId);
}
