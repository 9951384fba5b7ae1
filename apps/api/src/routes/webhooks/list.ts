import { listWebhookEndpoints } from '@countersign/core';
import { WebhookListSchema } from '@countersign/schemas';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { commonErrors } from '../../http/openapi.ts';

export const webhookListRoute = createRoute({
  method: 'get',
  path: '/api/webhooks',
  tags: ['Webhooks'],
  summary: "List the account's webhook endpoints",
  description:
    'Without secrets. `status`, `disabledReason` and `failingSince` show whether deliveries get through.',
  responses: {
    200: {
      description: 'The endpoints, oldest first.',
      content: { 'application/json': { schema: WebhookListSchema } },
    },
    401: commonErrors[401],
  },
});

export function registerWebhookList(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookListRoute, (c) =>
    c.json({ webhooks: listWebhookEndpoints(c.get('deps').runtime.ctx, c.get('accountId')) }, 200),
  );
}
