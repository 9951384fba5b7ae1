import { getSessionDetail } from '@countersign/core';
import { SessionDetailSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { sessionIdParams } from './shared.ts';

export const sessionGetRoute = apiRoute({
  method: 'get',
  path: '/api/sessions/{sessionId}',
  tags: ['Sessions'],
  summary: 'Get a session: status, participants, documents and timestamps',
  request: { params: sessionIdParams },
  responses: {
    200: jsonResponse('The session.', SessionDetailSchema),
    404: errorResponseFor('No such session for this account.'),
  },
});

export function registerSessionGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionGetRoute, async (c) =>
    c.json(await getSessionDetail(...forAccount(c), c.req.valid('param').sessionId), 200),
  );
}
