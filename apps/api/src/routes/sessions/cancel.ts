import { cancelSession } from '@countersign/core';
import {
  SessionErrorResponseSchema,
  SessionsCancelRequestSchema,
  SessionsCancelResponseSchema,
} from '@countersign/schemas';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { idempotency, idempotencyKeyParameter } from '../../http/idempotency.ts';
import { commonErrors } from '../../http/openapi.ts';

const sessionError = (description: string) => ({
  description,
  content: { 'application/json': { schema: SessionErrorResponseSchema } },
});

export const sessionsCancelRoute = createRoute({
  method: 'post',
  path: '/api/sessions/cancel',
  tags: ['Sessions'],
  summary: 'Cancel a session and revoke its signing links',
  description:
    'active -> cancelled: every outstanding link is revoked and `reason` recorded; participants get a ' +
    'cancellation email with the reason only when the session was sent with `notify` true. Cancelled, ' +
    'expired or declined sessions answer `alreadyCancelled: true` (repeating is safe). A session every ' +
    'signer has completed answers 409.',
  middleware: [idempotency] as const,
  parameters: [idempotencyKeyParameter],
  request: {
    body: { required: true, content: { 'application/json': { schema: SessionsCancelRequestSchema } } },
  },
  responses: {
    200: {
      description: 'Cancelled (now or earlier).',
      content: { 'application/json': { schema: SessionsCancelResponseSchema } },
    },
    400: sessionError(
      'Validation failed (for example `sessionId` is not a UUID, or `reason` is empty or over 500 characters).',
    ),
    401: commonErrors[401],
    404: sessionError('No such session for this account.'),
    409: sessionError('Every signer has completed the session; the signed documents stand.'),
    503: sessionError('Temporarily unavailable.'),
  },
});

export function registerSessionsCancel(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionsCancelRoute, (c) => {
    const { sessionId, reason } = c.req.valid('json');
    const result = cancelSession(c.get('deps').runtime.ctx, c.get('accountId'), sessionId, reason, {
      ip: c.get('clientAddress'),
      userAgent: c.req.header('user-agent') ?? null,
    });
    return c.json(result, 200);
  });
}
