import { accounts, members } from '@countersign/db';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newMemberRow } from '../members/members.ts';
import { newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { createRefreshToken } from './refresh-tokens.ts';

export interface AccountInput {
  name: string;
  email: string;
}

/**
 * Creates an integration account with its first refresh token (the only time the token is shown) and its
 * owner: the member with the account's email, who signs in to the web app.
 */
export async function createAccount(
  ctx: ServiceContext,
  input: AccountInput,
): Promise<{ accountId: string; refreshToken: string; ownerMemberId: string }> {
  return await ctx.db.transaction(async () => {
    const accountId = newId();
    await ctx.db
      .insert(accounts)
      .values({ id: accountId, name: input.name, email: input.email, createdAt: ctx.clock.now() });
    const owner = newMemberRow(ctx, accountId, { email: input.email, role: 'owner' });
    await ctx.db.insert(members).values(owner);
    const { refreshToken } = await createRefreshToken(ctx, accountId, 'initial');
    return { accountId, refreshToken, ownerMemberId: owner.id };
  });
}

export async function getAccount(ctx: ServiceContext, accountId: string) {
  const account = (await ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1))[0];
  if (!account) throw new DomainError('not_found', `account ${accountId} not found`);
  return account;
}
