import { participants } from '@countersign/db';
import type { SQLWrapper } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { rowsBy, rowsOfSessions } from './rows-by.ts';

/**
 * The queries for a session's participants, in one place. A participant is reached through its session
 * (already scoped to the account by whoever found it) or through its own id or link, never listed alone.
 */
export type ParticipantRow = typeof participants.$inferSelect;

// Every signing request and every state change asks these. Ids and link hashes are unique.
const bySession = rowsBy(participants, participants.sessionId, participants.position);
const byId = rowsBy(participants, participants.id);
const byLinkHash = rowsBy(participants, participants.linkTokenHash);

/** The people of a session in entry order (position): turns, emails and answers all list them so. */
export const participantsOfSession = async (
  ctx: ServiceContext,
  sessionId: string,
): Promise<ParticipantRow[]> => await bySession(ctx.db).execute({ key: sessionId });

/** One participant as stored now (a caller holding an older copy reads it again inside its transaction). */
export const participantById = async (ctx: ServiceContext, id: string): Promise<ParticipantRow | undefined> =>
  (await byId(ctx.db).execute({ key: id }))[0];

/** The participant whose signing link hashes to `hash`. */
export const participantByLinkHash = async (
  ctx: ServiceContext,
  hash: string,
): Promise<ParticipantRow | undefined> => (await byLinkHash(ctx.db).execute({ key: hash }))[0];

/** The people of several sessions (ids or a subquery), each session's in order. */
export const participantsOfSessions = async (
  ctx: ServiceContext,
  sessionIds: readonly string[] | SQLWrapper,
): Promise<ParticipantRow[]> =>
  await rowsOfSessions(ctx.db, participants, participants.sessionId, sessionIds, participants.position);
