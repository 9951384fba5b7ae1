import { getSessionDetail } from '@countersign/core';
import { SessionDetailSchema } from '@countersign/schemas';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { commonErrors, errorResponseFor } from '../../http/openapi.ts';

export const sessionGetRoute = createRoute({
  method: 'get',
  path: '/api/sessions/{sessionId}',
  tags: ['Sessions'],
  summary: 'Get a session: status, participants, documents and timestamps',
  request: { params: z.object({ sessionId: z.string().min(1).max(100) }) },
  responses: {
    200: { description: 'The session.', content: { 'application/json': { schema: SessionDetailSchema } } },
    401: commonErrors[401],
    404: errorResponseFor('No such session for this account.'),
  },
});

export function registerSessionGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionGetRoute, (c) =>
    c.json(
      getSessionDetail(c.get('deps').runtime.ctx, c.get('accountId'), c.req.valid('param').sessionId),
      200,
    ),
  );
}
