import {
  ErrorResponseSchema,
  SessionsSendRejectedResponseSchema,
  SessionsSendRequestSchema,
  SessionsSendResponseSchema,
  sessionsSendJob,
} from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import type { AppEnv } from '../../http/env.ts';
import { idempotency } from '../../http/idempotency.ts';
import {
  apiRoute,
  errorResponseFor,
  jsonBody,
  rateLimitHeaders,
  responseHeaders,
} from '../../http/openapi.ts';
import { registerSendRoute } from '../../http/send-response.ts';
import { sessionError } from './shared.ts';

export const sessionsSendRoute = apiRoute({
  method: 'post',
  path: '/api/sessions/send',
  access: needs('sessions:send'),
  tags: ['Sessions'],
  summary: "Send the caller's own PDFs from the connected drive",
  description:
    'Downloads the files, checks each one (encrypted, XFA and unreadable PDFs are rejected with 422 before ' +
    'anything is created), prepares each distinct document once, places initials for every signer on every ' +
    'page plus a final signature page, and creates one session per `signingRequests` entry. Entries fail ' +
    'independently: some failed = 207, all failed = 422 with `rows`. Answers after the work is done.',
  middleware: [idempotency] as const,
  request: {
    body: jsonBody(SessionsSendRequestSchema),
  },
  responses: {
    200: {
      description: 'Every entry succeeded.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: SessionsSendResponseSchema } },
    },
    207: {
      description: 'Some entries failed; see `rows`.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: SessionsSendResponseSchema } },
    },
    400: sessionError(
      'Validation failed, or a `cloudFileId` is unknown to the connected drive (named in `cloudFileId`).',
    ),
    422: {
      description:
        'Documents rejected before any session was created (`failedDocuments`), or every entry failed (`rows`, ' +
        'with the `RateLimit-*` headers).',
      headers: rateLimitHeaders,
      content: {
        'application/json': { schema: z.union([SessionsSendRejectedResponseSchema, ErrorResponseSchema]) },
      },
    },
    429: errorResponseFor('`allowance_exhausted`: the API allowance is used up; see `Retry-After`.', {
      headers: ['Retry-After'],
    }),
    502: sessionError('The connected drive is unreachable or failing (the file is named in `cloudFileId`).'),
    503: {
      ...sessionError(
        'The service is temporarily unavailable, or the send is still running: retry with the same Idempotency-Key.',
      ),
      headers: responseHeaders('Retry-After'),
    },
  },
});

export function registerSessionsSend(app: OpenAPIHono<AppEnv>): void {
  registerSendRoute(app, sessionsSendRoute, sessionsSendJob);
}
