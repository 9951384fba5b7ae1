import { preparedQuery, sessions } from '@countersign/db';
import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';
import { participantsOfSession } from './participants.ts';
import { rowsBy } from './rows-by.ts';

/**
 * The queries that find one session, in one place. What a caller asks for is scoped to its account
 * (`sessionOf`); `sessionById` is for code that already holds an id from a scoped row, a job or a link.
 */
export type SessionRow = typeof sessions.$inferSelect;

/** The session `sessionId` if it belongs to `accountId`: every lookup from the integration API is scoped. */
const inAccount = () =>
  and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.accountId, sql.placeholder('accountId')));

/** A session of this account, or 404 (another account's session does not exist for the caller). */
const notFound = (sessionId: string) =>
  new DomainError('session_not_found', `session ${sessionId} not found`);

// Every session-taking route, signing request and job starts here: built once per connection.
const ofAccount = preparedQuery((db) => db.select().from(sessions).where(inAccount()).prepare());
const statusOfAccount = preparedQuery((db) =>
  db.select({ status: sessions.status, test: sessions.test }).from(sessions).where(inAccount()).prepare(),
);
const byId = rowsBy(sessions, sessions.id);

/** A test-mode caller sees test sessions only: a live one is not found (docs/test-mode.md). */
const visible = <R extends { test: boolean }>(ctx: ServiceContext, row: R | undefined): R | undefined =>
  row && ctx.testOnly && !row.test ? undefined : row;

export async function sessionOf(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
): Promise<SessionRow> {
  const row = visible(ctx, (await ofAccount(ctx.db).execute({ sessionId, accountId }))[0]);
  if (!row) throw notFound(sessionId);
  return row;
}

/** Just the status (404 like sessionOf): for decisions that need nothing else of the row. */
export async function sessionStatusOf(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
): Promise<SessionRow['status']> {
  const row = visible(ctx, (await statusOfAccount(ctx.db).execute({ sessionId, accountId }))[0]);
  if (!row) throw notFound(sessionId);
  return row.status;
}

/** The session as stored now, whatever its account (a caller in a transaction reads the current row). */
export const sessionById = async (ctx: ServiceContext, sessionId: string): Promise<SessionRow | undefined> =>
  (await byId(ctx.db).execute({ key: sessionId }))[0];

/** A session whose id came from a job or a scoped row, with its participants: what a lifecycle step reads first. */
export async function sessionWithPeople(ctx: ServiceContext, sessionId: string) {
  const session = (await sessionById(ctx, sessionId))!;
  return { session, people: await participantsOfSession(ctx, sessionId) };
}
