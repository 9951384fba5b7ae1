import { sendResults } from '@countersign/db';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DataKey } from '../support/data-key.ts';

/** What a send job answers: the HTTP status and body the API returns, with any extra headers. */
export interface SendOutcome {
  status: 200 | 207 | 422;
  body: unknown;
  headers?: Record<string, string>;
}

/** Outcomes hold signing links: encrypted wherever they rest (SQLite here, Redis as a job's result). */
export const encryptSendOutcome = (ctx: ServiceContext, outcome: SendOutcome): string =>
  new DataKey(ctx.config.dataDir).encrypt(JSON.stringify(outcome));

export const decryptSendOutcome = (ctx: ServiceContext, encrypted: string): SendOutcome =>
  JSON.parse(new DataKey(ctx.config.dataDir).decrypt(encrypted)) as SendOutcome;

/**
 * Outcomes are kept per job so a retried job (worker crash after commit) returns the same answer
 * instead of creating sessions again. They hold signing links, so they are encrypted at rest.
 */
export function saveSendOutcome(
  ctx: ServiceContext,
  jobId: string,
  accountId: string,
  outcome: SendOutcome,
): void {
  const sealed = encryptSendOutcome(ctx, outcome);
  ctx.db
    .insert(sendResults)
    .values({ jobId, accountId, result: sealed, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: sendResults.jobId, set: { result: sealed } })
    .run();
}

export function loadSendOutcome(
  ctx: ServiceContext,
  jobId: string,
  accountId: string,
): SendOutcome | undefined {
  const row = ctx.db.select().from(sendResults).where(eq(sendResults.jobId, jobId)).get();
  if (!row || row.accountId !== accountId) return undefined;
  return decryptSendOutcome(ctx, row.result);
}
