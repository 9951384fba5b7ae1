import { getSessionDetail } from '@countersign/core';
import { PathIdSchema, SessionDetailSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

export const sessionGetRoute = apiRoute({
  method: 'get',
  path: '/api/sessions/{sessionId}',
  tags: ['Sessions'],
  summary: 'Get a session: status, participants, documents and timestamps',
  request: { params: z.object({ sessionId: PathIdSchema }) },
  responses: {
    200: jsonResponse('The session.', SessionDetailSchema),
    404: errorResponseFor('No such session for this account.'),
  },
});

export function registerSessionGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionGetRoute, async (c) =>
    c.json(
      await getSessionDetail(c.get('deps').runtime.ctx, c.get('accountId'), c.req.valid('param').sessionId),
      200,
    ),
  );
}
