import { getSessionDetail } from '@countersign/core';
import { SessionDetailSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { accountSession } from './shared.ts';

export const sessionGetRoute = recordRoute(accountSession, {
  method: 'get',
  path: '/api/sessions/{sessionId}',
  summary: 'Get a session: status, participants, documents and timestamps',
  responses: { 200: jsonResponse('The session.', SessionDetailSchema) },
});

export function registerSessionGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionGetRoute, async (c) =>
    c.json(await getSessionDetail(...forAccount(c), c.req.valid('param').sessionId), 200),
  );
}
