import { bulkBatches } from '@countersign/db';
import { spendForRows } from '../allowance/allowance.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import type { RowProblem } from './entry-rules.ts';
import {
  type CreatedSession,
  committedSessions,
  insertSessions,
  type NewSession,
} from './insert-sessions.ts';
import { type QueuedInvite, queueInvites } from './invites.ts';
import { type SendOutcome, saveSendOutcome } from './send-results.ts';

/**
 * Entries per write transaction (about 5 ms of work): a writer of another process (a cancel, a signature) waits
 * for one chunk at most, since it polls for the lock finely (packages/db/src/sqlite/busy.ts).
 */
export const ENTRIES_PER_COMMIT = 50;

/** One entry's session as a send builds it; the bulk batch is the commit's to give. */
export type SessionSpec = Omit<NewSession, 'bulkBatchId'>;

export interface CommittedEntries {
  /** Every session of the job, those of an earlier attempt first. */
  sessions: CreatedSession[];
  /** The invites this attempt queued (an earlier attempt's are the outbox's to deliver). */
  invites: QueuedInvite[];
  bulkBatchId: string | null;
}

/**
 * The one commit of both sends: the sessions of the valid `rows` (in row order), each built by `build`, in
 * chunks of ENTRIES_PER_COMMIT, each chunk with its allowance, invites (when `notify`) and audit rows, so that a
 * 10,000-entry send never holds SQLite's single write lock for seconds. Rows the allowance no longer covers get an
 * `allowance_exhausted` problem. A retried job (its worker stopped between two chunks) resumes after the rows
 * already committed, so every entry gets exactly one session; the last chunk saves `answer` as the job's outcome
 * with its rows, so a job retried from there on answers it instead of sending again.
 */
export async function commitEntries<O extends SendOutcome>(
  ctx: ServiceContext,
  send: {
    accountId: string;
    jobId: string;
    entryPrice: number;
    rows: number[];
    build: (row: number) => SessionSpec;
    problems: Map<number, RowProblem>;
    notify: boolean;
    /** A bulk batch to record with the first chunk (template sends of two entries or more). */
    bulkBatch: { templateId: string; entryCount: number } | null;
    answer: (committed: CommittedEntries) => Promise<O>;
  },
): Promise<CommittedEntries & { answer: O }> {
  const earlier = await committedSessions(ctx, send.jobId);
  const made: CommittedEntries = {
    sessions: [...earlier.sessions.values()],
    invites: [],
    bulkBatchId: earlier.bulkBatchId ?? (send.bulkBatch ? newId() : null),
  };
  const todo = send.rows.filter((row) => !earlier.sessions.has(row));
  let answer: O | undefined;
  for (let start = 0; answer === undefined; start += ENTRIES_PER_COMMIT) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, 1)); // the lock is free meanwhile
    const chunk = todo.slice(start, start + ENTRIES_PER_COMMIT);
    const last = start + ENTRIES_PER_COMMIT >= todo.length;
    answer = await ctx.db.transaction(async () => {
      if (start === 0 && earlier.sessions.size === 0 && made.bulkBatchId && send.bulkBatch) {
        await ctx.db.insert(bulkBatches).values({
          id: made.bulkBatchId,
          accountId: send.accountId,
          ...send.bulkBatch,
          createdAt: ctx.clock.now(),
        });
      }
      const batch: NewSession[] = [];
      let paid = await spendForRows(ctx, send.accountId, send.entryPrice, chunk.length);
      for (const row of chunk) {
        if (paid-- <= 0) {
          send.problems.set(row, {
            error: 'allowance_exhausted',
            message: 'the API allowance ran out before this entry; send it again after the allowance renews',
          });
          continue;
        }
        batch.push({ ...send.build(row), bulkBatchId: made.bulkBatchId });
      }
      const sessions = await insertSessions(ctx, batch);
      made.sessions.push(...sessions);
      if (send.notify) made.invites.push(...(await queueInvites(ctx, send.accountId, sessions, batch)));
      if (!last) return undefined;
      const outcome = await send.answer(made);
      await saveSendOutcome(ctx, send.jobId, send.accountId, outcome);
      return outcome;
    });
  }
  return { ...made, answer };
}
