import { listSessions } from '@countersign/core';
import { SessionListQuerySchema, SessionListSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';

export const sessionsListRoute = apiRoute({
  method: 'get',
  path: '/api/sessions',
  access: needs('sessions:read'),
  tags: ['Sessions'],
  summary: "List the account's sessions",
  description:
    "Newest first, cursor-paged. Filters: `status`, `bulkSendBatchId`, `templateId`, `from`/`to` (creation time), `q` (a recipient email or part of the title), `recipient` (extension: the starts of a recipient name's words or of an email, index-backed).",
  request: { query: SessionListQuerySchema },
  responses: {
    200: jsonResponse('A page of sessions.', SessionListSchema),
  },
});

export function registerSessionsList(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionsListRoute, async (c) =>
    c.json(await listSessions(...forAccount(c), c.req.valid('query')), 200),
  );
}
