import type { JobQueue } from '@countersign/queue';
import {
  documentPagesJob,
  type JobOutboxPayload,
  JobOutboxPayloadSchema,
  memberSignInEmailJob,
  sessionCompleteJob,
  sessionPurgeJob,
} from '@countersign/schemas';
import type { ServiceContext } from '../context.ts';
import { type Deliverer, PermanentDeliveryError } from './dispatcher.ts';
import { addToOutbox } from './outbox.ts';

/** How a process puts a job on its queue (BullMQ or the in-process driver). */
export type EnqueueJob = JobQueue['enqueue'];

/**
 * Each job with the id it is queued under: one per session, so a redelivered row (or a sweep's run) repeats
 * nothing, and the job's own claim makes a second run a no-op anyway.
 */
const JOBS = {
  [sessionCompleteJob.name]: {
    def: sessionCompleteJob,
    jobId: (sessionId: string) => `complete-${sessionId}`,
  },
  [sessionPurgeJob.name]: { def: sessionPurgeJob, jobId: (sessionId: string) => `purge-${sessionId}` },
} as const;

/** Asks for a job in the caller's transaction: queued after the commit, whatever fails meanwhile. */
export async function queueJob(
  ctx: ServiceContext,
  accountId: string | null,
  payload: JobOutboxPayload,
): Promise<string> {
  return await addToOutbox(ctx, { kind: 'job', accountId, payload: JobOutboxPayloadSchema.parse(payload) });
}

/**
 * Delivers `job` rows by enqueueing them, never by running them here: the job keeps its queue's concurrency,
 * its job threads and its attempts, and a pass (up to 50 rows at once) stays quick. While the queue is
 * unreachable the row backs off and is tried again; the sweep still completes and purges what is left if the
 * row gives up.
 */
export function jobDeliverer(enqueue: EnqueueJob): Deliverer {
  return {
    // A Redis restart is seconds to minutes: from 1 s, doubling to a minute, for about a quarter of an hour.
    retry: { maxAttempts: 20, baseDelayMs: 1_000, maxDelayMs: 60_000 },
    async deliver(row) {
      const parsed = JobOutboxPayloadSchema.safeParse(row.payload);
      if (!parsed.success) throw new PermanentDeliveryError('unreadable job outbox payload');
      const payload = parsed.data;
      if (payload.job === memberSignInEmailJob.name) {
        // One email per request: the row's id is the job's.
        await enqueue(memberSignInEmailJob, { address: payload.address }, { jobId: `sign-in-${row.id}` });
        return;
      }
      if (payload.job === documentPagesJob.name) {
        // One job per request (the row's id): BullMQ keeps finished jobs a while, and a document purged and sent
        // again must be drawn again. Two jobs for one document draw it once (the job claims its row).
        await enqueue(documentPagesJob, { sha256: payload.sha256 }, { jobId: `pages-${row.id}` });
        return;
      }
      const { def, jobId } = JOBS[payload.job];
      await enqueue(def, { sessionId: payload.sessionId }, { jobId: jobId(payload.sessionId) });
    },
  };
}
