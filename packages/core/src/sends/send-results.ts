import { sendResults } from '@countersign/db';
import type {
  SessionsSendRejectedResponse,
  SessionsSendResponse,
  TemplateSendResponse,
} from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import { allowanceHeaders, allowanceState } from '../allowance/allowance.ts';
import type { ServiceContext } from '../context.ts';

/** What a send job answers: the HTTP status and body the API returns, with any extra headers. */
interface Answer<Status extends number, Body> {
  status: Status;
  body: Body;
  headers?: Record<string, string>;
}
/** Spec 4.2: the template send answers 200 (rows fail one by one inside the body). */
export type TemplateSendOutcome = Answer<200, TemplateSendResponse>;
/** Spec 4.3: every row sent (200), some (207), or none and nothing created (422). */
export type SessionsSendOutcome =
  | Answer<200 | 207, SessionsSendResponse>
  | Answer<422, SessionsSendRejectedResponse>;
export type SendOutcome = TemplateSendOutcome | SessionsSendOutcome;

/** Every send answer tells the caller what is left of the allowance (`RateLimit-*`, docs/api.md). */
export const withAllowanceHeaders = async <O extends SendOutcome>(
  ctx: ServiceContext,
  accountId: string,
  outcome: O,
): Promise<O> => ({
  ...outcome,
  headers: allowanceHeaders(await allowanceState(ctx, accountId), ctx.clock.now()),
});

/** Outcomes hold signing links: encrypted wherever they rest (SQLite here, Redis as a job's result). */
const encryptSendOutcome = (ctx: ServiceContext, outcome: SendOutcome): string =>
  ctx.secrets.dataKey.encrypt(JSON.stringify(outcome));

/** The outcome as encrypted: the caller names which send wrote it (JSON carries no type). */
export const decryptSendOutcome = <O extends SendOutcome = SendOutcome>(
  ctx: ServiceContext,
  encrypted: string,
): O => JSON.parse(ctx.secrets.dataKey.decrypt(encrypted)) as O;

/**
 * Outcomes are kept per job so a retried job (worker crash after commit) returns the same answer
 * instead of creating sessions again. They hold signing links, so they are encrypted at rest.
 */
export async function saveSendOutcome(
  ctx: ServiceContext,
  jobId: string,
  accountId: string,
  outcome: SendOutcome,
): Promise<void> {
  const encrypted = encryptSendOutcome(ctx, outcome);
  await ctx.db
    .insert(sendResults)
    .values({ jobId, accountId, result: encrypted, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: sendResults.jobId, set: { result: encrypted } });
}

export async function loadSendOutcome<O extends SendOutcome>(
  ctx: ServiceContext,
  jobId: string,
  accountId: string,
): Promise<O | undefined> {
  const row = (await ctx.db.select().from(sendResults).where(eq(sendResults.jobId, jobId)).limit(1))[0];
  if (!row || row.accountId !== accountId) return undefined;
  return decryptSendOutcome<O>(ctx, row.result);
}
