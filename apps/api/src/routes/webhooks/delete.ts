import { deleteWebhookEndpoint } from '@countersign/core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { recordRoute } from '../../http/record-route.ts';
import { webhookEndpoint } from './shared.ts';

export const webhookDeleteRoute = recordRoute(webhookEndpoint, {
  method: 'delete',
  path: '/api/webhooks/{webhookId}',
  summary: 'Delete a webhook endpoint',
  description: 'Its delivery log goes with it; deliveries still queued for it are dropped.',
  responses: { 204: { description: 'Deleted.' } },
});

export function registerWebhookDelete(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookDeleteRoute, async (c) => {
    await deleteWebhookEndpoint(...forAccount(c), c.req.valid('param').webhookId);
    return c.body(null, 204);
  });
}
