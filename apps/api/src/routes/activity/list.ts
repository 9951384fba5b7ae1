import { listActivity } from '@countersign/core';
import { ActivityListQuerySchema, ActivityListSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';

export const activityListRoute = apiRoute({
  method: 'get',
  path: '/api/activity',
  access: needs('account:admin'),
  tags: ['Account'],
  summary: "The account's activity log: who changed what, when and from where",
  description:
    'Newest first, cursor-paged. Append-only: written in the transaction of each change (tokens, members, ' +
    'templates, webhooks, branding, settings, legal holds, purges, the drive connection; docs/activity-log.md). ' +
    'Filters: `action` (one action, or a prefix such as `token.`), `actorKind` and `actorId`, `from`/`to`.',
  request: { query: ActivityListQuerySchema },
  responses: {
    200: jsonResponse('A page of the log.', ActivityListSchema),
  },
});

export function registerActivityList(app: OpenAPIHono<AppEnv>): void {
  app.openapi(activityListRoute, async (c) =>
    c.json(await listActivity(...forAccount(c), c.req.valid('query')), 200),
  );
}
