import type { JobRegistry } from '@countersign/queue';
import {
  documentPagesJob,
  memberSignInEmailJob,
  sessionCompleteJob,
  sessionPurgeJob,
  sessionsSendJob,
  templatesSendJob,
} from '@countersign/schemas';
import type { ServiceContext } from './context.ts';
import { emailSignInLinks } from './members/sign-in-links.ts';
import { drawPages } from './pages/draw.ts';
import type { SendMode } from './sends/insert-sessions.ts';
import { readSendRequest, runSend } from './sends/job-result.ts';
import { sendOwnPdfs } from './sends/own-pdf/send.ts';
import { sendTemplate } from './sends/template/send.ts';
import { completeSession } from './sessions/complete.ts';
import { purgeSession } from './sessions/purge.ts';

/** How a queued send was made: with a test token or not, and by which member of the web app, if one. */
const sendMode = (payload: { test: boolean; sentBy?: string }): SendMode => ({
  test: payload.test,
  sentBy: payload.sentBy ?? null,
});

/** Registers the session jobs and the sign-in email's; the same handlers run in-process (embedded) and in BullMQ workers. */
export function registerSessionJobs(ctx: ServiceContext, jobs: JobRegistry): void {
  jobs.register(sessionsSendJob, (payload, job) =>
    runSend(ctx, () =>
      sendOwnPdfs(
        ctx,
        payload.accountId,
        readSendRequest(sessionsSendJob.request, payload),
        job.jobId,
        sendMode(payload),
      ),
    ),
  );
  jobs.register(templatesSendJob, (payload, job) =>
    runSend(ctx, () =>
      sendTemplate(
        ctx,
        payload.accountId,
        readSendRequest(templatesSendJob.request, payload),
        job.jobId,
        sendMode(payload),
      ),
    ),
  );
  jobs.register(sessionCompleteJob, (payload) => completeSession(ctx, payload.sessionId));
  jobs.register(sessionPurgeJob, async (payload) => await purgeSession(ctx, payload.sessionId));
  jobs.register(memberSignInEmailJob, (payload) => emailSignInLinks(ctx, payload.address));
  jobs.register(documentPagesJob, (payload) => drawPages(ctx, payload.sha256));
}
