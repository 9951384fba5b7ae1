import { participants, preparedQuery } from '@countersign/db';
import { asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';

/**
 * The queries for a session's participants, in one place. A participant is reached through its session
 * (already scoped to the account by whoever found it) or through its own id or link, never listed alone.
 */
export type ParticipantRow = typeof participants.$inferSelect;

// Every signing request and every state change asks these: built once per connection.
const bySession = preparedQuery((db) =>
  db
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sql.placeholder('sessionId')))
    .orderBy(asc(participants.position))
    .prepare(),
);
const byId = preparedQuery((db) =>
  db
    .select()
    .from(participants)
    .where(eq(participants.id, sql.placeholder('id')))
    .limit(1)
    .prepare(),
);
const byLinkHash = preparedQuery((db) =>
  db
    .select()
    .from(participants)
    .where(eq(participants.linkTokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare(),
);

/** The people of a session in entry order (position): turns, emails and answers all list them so. */
export const participantsOfSession = async (
  ctx: ServiceContext,
  sessionId: string,
): Promise<ParticipantRow[]> => await bySession(ctx.db).execute({ sessionId });

/** One participant as stored now (a caller holding an older copy reads it again inside its transaction). */
export const participantById = async (ctx: ServiceContext, id: string): Promise<ParticipantRow | undefined> =>
  (await byId(ctx.db).execute({ id }))[0];

/** The participant whose signing link hashes to `hash`. */
export const participantByLinkHash = async (
  ctx: ServiceContext,
  hash: string,
): Promise<ParticipantRow | undefined> => (await byLinkHash(ctx.db).execute({ hash }))[0];

/**
 * The people of several sessions, each session's in entry order. `sessionIds` may be a subquery: a
 * 10,000-entry send would pass SQLite's limit on bound values as a list.
 */
export const participantsOfSessions = async (
  ctx: ServiceContext,
  sessionIds: readonly string[] | SQLWrapper,
): Promise<ParticipantRow[]> =>
  await ctx.db
    .select()
    .from(participants)
    .where(inArray(participants.sessionId, sessionIds))
    .orderBy(asc(participants.position));
