import { createHmac } from 'node:crypto';
import { accounts, members } from '@countersign/db';
import type { ServiceContext } from '../context.ts';
import { type MemberRow, newMemberRow } from '../members/members.ts';
import { constantTimeEqual, newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';

/**
 * First run without a shell (docs/web-app.md): while the server holds no account, `pnpm start` prints a setup
 * link, and whoever opens it creates the first account and its owner in the browser.
 */

const PREFIX = 'cssetup_';

/**
 * The setup link's secret, derived from the service's code key: every process of a deployment prints and
 * accepts the same one, and it needs no row. It stops working once an account exists.
 */
export const firstRunToken = (ctx: ServiceContext): string =>
  PREFIX +
  createHmac('sha256', ctx.secrets.codeKey).update('countersign first-run setup').digest('base64url');

/** True while the server holds no account at all. */
export async function needsFirstRun(ctx: ServiceContext): Promise<boolean> {
  return (await ctx.db.select({ id: accounts.id }).from(accounts).limit(1)).length === 0;
}

export interface FirstRunInput {
  accountName: string;
  name: string;
  email: string;
}

/**
 * Creates the first account and its owner (no token: the owner makes those in the app). Once any account
 * exists the link is spent (410 `setup_complete`); a wrong token is 400 `setup_link_invalid`.
 */
export async function completeFirstRun(
  ctx: ServiceContext,
  presented: string,
  input: FirstRunInput,
): Promise<MemberRow> {
  if (!constantTimeEqual(presented, firstRunToken(ctx))) {
    throw new DomainError('setup_link_invalid', 'this is not the setup link the server printed');
  }
  return await ctx.db.transaction(async () => {
    if (!(await needsFirstRun(ctx))) {
      throw new DomainError('setup_complete', 'this server has an account already: sign in instead');
    }
    const accountId = newId();
    await ctx.db
      .insert(accounts)
      .values({ id: accountId, name: input.accountName, email: input.email, createdAt: ctx.clock.now() });
    const owner = newMemberRow(ctx, accountId, { email: input.email, name: input.name, role: 'owner' });
    await ctx.db.insert(members).values(owner);
    return owner;
  });
}
