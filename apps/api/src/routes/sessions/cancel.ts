import { cancelSession } from '@countersign/core';
import { SessionsCancelRequestSchema, SessionsCancelResponseSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { idempotency } from '../../http/idempotency.ts';
import { apiRoute, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { sessionError } from './shared.ts';

export const sessionsCancelRoute = apiRoute({
  method: 'post',
  path: '/api/sessions/cancel',
  access: needs('sessions:cancel'),
  tags: ['Sessions'],
  summary: 'Cancel a session and revoke its signing links',
  description:
    'active -> cancelled: every outstanding link is revoked and `reason` recorded; participants get a ' +
    'cancellation email with the reason only when the session was sent with `notify` true. Cancelled, ' +
    'expired or declined sessions answer `alreadyCancelled: true` (repeating is safe). A session every ' +
    'signer has completed answers 409.',
  middleware: [idempotency] as const,
  request: {
    body: jsonBody(SessionsCancelRequestSchema),
  },
  responses: {
    200: jsonResponse('Cancelled (now or earlier).', SessionsCancelResponseSchema),
    400: sessionError(
      'Validation failed (for example `sessionId` is not a UUID, or `reason` is empty or over 500 characters).',
    ),
    404: sessionError('No such session for this account.'),
    409: sessionError(
      '`session_completed`: every signer has completed the session; the signed documents stand.',
    ),
    // Spec 4.4 and 7 list 502 and 503 for cancel; cancelling reaches neither the drive nor the job queue.
    502: sessionError('Server error (listed by the spec; cancelling does not call the drive).'),
    503: sessionError('Temporarily unavailable (listed by the spec).'),
  },
});

export function registerSessionsCancel(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionsCancelRoute, async (c) => {
    const { sessionId, reason } = c.req.valid('json');
    const result = await cancelSession(...forAccount(c), sessionId, reason, {
      ip: c.get('clientAddress'),
      userAgent: c.req.header('user-agent') ?? null,
    });
    return c.json(result, 200);
  });
}
