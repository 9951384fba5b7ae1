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
export function createAccount(
  ctx: ServiceContext,
  input: AccountInput,
): { accountId: string; refreshToken: string; ownerMemberId: string } {
  return ctx.db.transaction(() => {
    const accountId = newId();
    ctx.db
      .insert(accounts)
      .values({ id: accountId, name: input.name, email: input.email, createdAt: ctx.clock.now() })
      .run();
    const owner = newMemberRow(ctx, accountId, { email: input.email, role: 'owner' });
    ctx.db.insert(members).values(owner).run();
    const { refreshToken } = createRefreshToken(ctx, accountId, 'initial');
    return { accountId, refreshToken, ownerMemberId: owner.id };
  });
}

export function getAccount(ctx: ServiceContext, accountId: string) {
  const account = ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).get();
  if (!account) throw new DomainError('not_found', `account ${accountId} not found`);
  return account;
}
