import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';
import type { AuditOrigin } from './audit.ts';
import { currentTurn } from './lifecycle.ts';
import { resendInvite } from './participant-actions.ts';
import { participantsOfSession } from './participants.ts';
import { sessionOf } from './session-lookup.ts';

export interface RemindResult {
  sessionId: string;
  /** Participants whose invite was sent again (those whose turn it is and who have not signed). */
  reminded: string[];
  /** Why nothing (or not everyone) was reminded: the error code and its words. */
  error?: string;
  message?: string;
}

/**
 * Reminds several sessions at once (the sessions list's "Remind"): in each active session, everyone whose turn
 * it is gets their invite again (the same link, as `resendInvite`, within its hourly limit). A session that is
 * not the caller's, not active, or whose people were reminded too often says so in its own result; the others
 * go ahead.
 */
export async function remindSessions(
  ctx: ServiceContext,
  accountId: string,
  sessionIds: readonly string[],
  origin?: AuditOrigin,
): Promise<RemindResult[]> {
  const results: RemindResult[] = [];
  for (const sessionId of new Set(sessionIds)) {
    const reminded: string[] = [];
    try {
      const session = await sessionOf(ctx, accountId, sessionId);
      if (session.status !== 'active') {
        throw new DomainError(
          'invalid_request',
          `the session is ${session.status}: nobody is waiting to sign`,
        );
      }
      for (const participantId of currentTurn(session, await participantsOfSession(ctx, session.id))) {
        await resendInvite(ctx, accountId, sessionId, participantId, origin);
        reminded.push(participantId);
      }
      results.push({ sessionId, reminded });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ sessionId, reminded, error: err.code, message: err.message });
    }
  }
  return results;
}
