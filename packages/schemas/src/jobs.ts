import { z } from '@hono/zod-openapi';
import { SessionsSendRequestSchema } from './sessions-send.ts';
import { TemplateSendRequestSchema } from './templates-send.ts';

/**
 * Jobs as data: a name and the payload schema both queue drivers validate against. Payloads carry ids,
 * never secrets; handlers load what they need from the database.
 */
export const outboxDispatchJob = {
  name: 'outbox.dispatch',
  payload: z.strictObject({}),
  attempts: 1,
} as const;

/**
 * A send run by a worker for the account that sent it. `body` is the request's JSON text as received: the job
 * validates it against `request` (a 400 answer when it fails), off the thread that serves requests, where a
 * 10,000-entry body would cost about 100 ms of parsing and validation. `request`, the validated body, is how
 * an API before 2026-11-27 queued it: still read, as BullMQ keeps a queued job across an upgrade. `test`: sent
 * with a test token (docs/test-mode.md); absent in jobs queued before test mode existed.
 */
const sendJob = <const N extends string, R extends z.ZodType>(name: N, request: R) =>
  ({
    name,
    payload: z.union([
      z.strictObject({
        accountId: z.string(),
        body: z.string(),
        test: z.boolean().default(false),
        /** The member who sent it from the web app, told of its outcome (absent: a token sent it). */
        sentBy: z.string().optional(),
      }),
      z.strictObject({ accountId: z.string(), request: z.unknown(), test: z.boolean().default(false) }),
    ]),
    request,
    attempts: 3,
  }) as const;

/** POST /api/sessions/send. */
export const sessionsSendJob = sendJob('sessions.send', SessionsSendRequestSchema);
/** POST /api/templates/send. */
export const templatesSendJob = sendJob('templates.send', TemplateSendRequestSchema);

/** A job on one session that runs to its end once, however often it is started. */
const sessionJob = <const N extends string>(name: N) =>
  ({ name, payload: z.strictObject({ sessionId: z.string() }), attempts: 5 }) as const;

/** Purges an ended session (docs/evidence.md). */
export const sessionPurgeJob = sessionJob('sessions.purge');
/** Produces the sealed final PDFs of a fully signed session. */
export const sessionCompleteJob = sessionJob('sessions.complete');

/**
 * Emails an address its sign-in links, one per account it belongs to, or nothing when it belongs to none
 * (docs/web-app.md). A job, not work on the request, so that POST /api/auth/sign-in does the same for a member
 * and a stranger and its answer cannot tell them apart. The address is the payload: it is no secret, and the
 * links are made by the job.
 */
export const memberSignInEmailJob = {
  name: 'members.sign-in-email',
  payload: z.strictObject({ address: z.string().min(1) }),
  attempts: 5,
} as const;

/**
 * Draws a prepared PDF's pages into images and text for the signing page (core pages/), once per document
 * whoever sends it: the payload is the document's SHA-256, not a session.
 */
export const documentPagesJob = {
  name: 'documents.draw-pages',
  payload: z.strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  attempts: 3,
} as const;

/**
 * An outbox row of kind `job`: a job to queue once the transaction that asked for it has committed (the last
 * signature asks for completion, a purge request for the purge, a sign-in request for its email). Written in that
 * transaction, so the job cannot be lost between the commit and the queue; its delivery enqueues the job under a
 * stable id.
 */
export const JobOutboxPayloadSchema = z.union([
  z.object({
    job: z.enum([sessionCompleteJob.name, sessionPurgeJob.name]),
    /** Readable beside the sealed payload, like every kind's: a purge deletes the session's rows. */
    sessionId: z.string().min(1),
  }),
  z.object({ job: z.literal(memberSignInEmailJob.name), address: z.string().min(1) }),
  z.object({ job: z.literal(documentPagesJob.name), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
]);
export type JobOutboxPayload = z.output<typeof JobOutboxPayloadSchema>;
