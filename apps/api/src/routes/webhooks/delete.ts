import { deleteWebhookEndpoint } from '@countersign/core';
import { WebhookIdParamsSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute } from '../../http/openapi.ts';
import { webhookNotFound } from './shared.ts';

export const webhookDeleteRoute = apiRoute({
  method: 'delete',
  path: '/api/webhooks/{webhookId}',
  tags: ['Webhooks'],
  summary: 'Delete a webhook endpoint',
  description: 'Its delivery log goes with it; deliveries still queued for it are dropped.',
  request: { params: WebhookIdParamsSchema },
  responses: {
    204: { description: 'Deleted.' },
    404: webhookNotFound,
  },
});

export function registerWebhookDelete(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookDeleteRoute, async (c) => {
    await deleteWebhookEndpoint(...forAccount(c), c.req.valid('param').webhookId);
    return c.body(null, 204);
  });
}
