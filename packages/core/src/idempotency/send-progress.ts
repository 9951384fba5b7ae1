import { createHash } from 'node:crypto';
import { idempotencyKeys, sessions } from '@countersign/db';
import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';

/**
 * The key an Idempotency-Key's stored claim keys in the account's mode (test keys apart from live ones: a
 * header cannot hold the line feed), and the send job it names: the claim, not the key alone, so a key used
 * again after it expired does not find the old job. One place for the rule the middleware and progress share.
 */
export const storedIdempotencyKey = (presented: string, test: boolean) =>
  test ? `test\n${presented}` : presented;

export const sendJobKey = (accountId: string, storedKey: string, claimedAt: number) =>
  createHash('sha256').update(`${accountId}\n${storedKey}\n${claimedAt}`).digest('hex').slice(0, 40);

export interface SendProgress {
  /** `running` until the send's first final answer is stored, then `done`. */
  state: 'running' | 'done';
  /** Sessions the send has committed so far (it commits them 50 entries at a time). */
  created: number;
}

/**
 * How far a send made with `Idempotency-Key: presented` has got: what a page shows while a bulk send of
 * thousands of entries runs (`GET /api/sends/progress`). 404 for a key this account (in this mode) never sent.
 */
export async function sendProgress(
  ctx: ServiceContext,
  accountId: string,
  presented: string,
  test: boolean,
): Promise<SendProgress> {
  const key = storedIdempotencyKey(presented, test);
  const [claim] = await ctx.db
    .select({ state: idempotencyKeys.state, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  if (!claim) throw new DomainError('send_not_found', 'no send with this Idempotency-Key');
  // On the (send_job_id, row_index) index: a count of one job's sessions, whatever the account's size.
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(sessions)
    .where(eq(sessions.sendJobId, sendJobKey(accountId, key, claim.createdAt)));
  return { state: claim.state === 'done' ? 'done' : 'running', created: Number(counted?.n ?? 0) };
}
