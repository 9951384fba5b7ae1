import type { SendJobResult } from '@countersign/core';
import {
  SessionErrorResponseSchema,
  SessionsSendRejectedResponseSchema,
  SessionsSendRequestSchema,
  SessionsSendResponseSchema,
  sessionsSendJob,
} from '@countersign/schemas';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { idempotency, idempotencyKeyParameter } from '../../http/idempotency.ts';
import { commonErrors, errorResponseFor } from '../../http/openapi.ts';
import { sendResponse } from '../../http/send-response.ts';

const sessionError = (description: string) => ({
  description,
  content: { 'application/json': { schema: SessionErrorResponseSchema } },
});

export const sessionsSendRoute = createRoute({
  method: 'post',
  path: '/api/sessions/send',
  tags: ['Sessions'],
  summary: "Send the caller's own PDFs from the connected drive",
  description:
    'Downloads the files, checks each one (encrypted, XFA and unreadable PDFs are rejected with 422 before ' +
    'anything is created), prepares each distinct document once, places initials for every signer on every ' +
    'page plus a final signature page, and creates one session per `signingRequests` entry. Entries fail ' +
    'independently: some failed = 207, all failed = 422 with `rows`. Answers after the work is done.',
  middleware: [idempotency] as const,
  parameters: [idempotencyKeyParameter],
  request: {
    body: { required: true, content: { 'application/json': { schema: SessionsSendRequestSchema } } },
  },
  responses: {
    200: {
      description: 'Every entry succeeded.',
      content: { 'application/json': { schema: SessionsSendResponseSchema } },
    },
    207: {
      description: 'Some entries failed; see `rows`.',
      content: { 'application/json': { schema: SessionsSendResponseSchema } },
    },
    400: sessionError(
      'Validation failed, or a `cloudFileId` is unknown to the connected drive (named in `cloudFileId`).',
    ),
    401: commonErrors[401],
    413: commonErrors[413],
    422: {
      description:
        'Documents rejected before any session was created (`failedDocuments`), or every entry failed (`rows`).',
      content: { 'application/json': { schema: SessionsSendRejectedResponseSchema } },
    },
    429: errorResponseFor('The API allowance is exhausted; see `Retry-After` and the `RateLimit-*` headers.'),
    502: sessionError('The connected drive is unreachable or failing (the file is named in `cloudFileId`).'),
    503: sessionError(
      'The service is temporarily unavailable, or the send is still running: retry with the same Idempotency-Key.',
    ),
  },
});

export function registerSessionsSend(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionsSendRoute, async (c) => {
    const { queue, config } = c.get('deps');
    const result = await queue.run<SendJobResult>(
      sessionsSendJob,
      { accountId: c.get('accountId'), request: c.req.valid('json') },
      { timeoutMs: config.sendTimeoutMs, jobId: c.get('jobKey') },
    );
    return sendResponse(c, result) as never;
  });
}
