import { listWebhookEndpoints } from '@countersign/core';
import { WebhookListSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';

export const webhookListRoute = apiRoute({
  method: 'get',
  path: '/api/webhooks',
  access: needs('webhooks', { live: true }),
  tags: ['Webhooks'],
  summary: "List the account's webhook endpoints",
  description:
    'Without secrets. `status`, `disabledReason` and `failingSince` show whether deliveries get through.',
  responses: {
    200: jsonResponse('The endpoints, oldest first.', WebhookListSchema),
  },
});

export function registerWebhookList(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookListRoute, async (c) =>
    c.json({ webhooks: await listWebhookEndpoints(...forAccount(c)) }, 200),
  );
}
