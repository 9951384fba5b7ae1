import { sendProgress } from '@countersign/core';
import { SendProgressQuerySchema, SendProgressSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

export const sendProgressRoute = apiRoute({
  method: 'get',
  path: '/api/sends/progress',
  access: needs('sessions:send'),
  tags: ['Sessions'],
  summary: 'How far a send has got (extension)',
  description:
    'For a `POST /api/templates/send` or `POST /api/sessions/send` made with an `Idempotency-Key`: whether it ' +
    'has its final answer, and how many sessions it has committed so far, while it runs. A bulk send of ' +
    '10,000 entries takes seconds; poll this beside it for a progress bar. Keys are kept 24 hours.',
  request: { query: SendProgressQuerySchema },
  responses: {
    200: jsonResponse('The send so far.', SendProgressSchema),
    404: errorResponseFor('`send_not_found`: no send with this key by this account, in this mode.'),
  },
});

export function registerSendProgress(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sendProgressRoute, async (c) => {
    const progress = await sendProgress(
      ...forAccount(c),
      c.req.valid('query').idempotencyKey,
      c.get('testMode') === true,
    );
    return c.json(progress, 200);
  });
}
