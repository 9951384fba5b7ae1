import { deleteWebhookEndpoint } from '@countersign/core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { deleteRoute } from '../../http/record-route.ts';
import { webhookEndpoint } from './shared.ts';

export const webhookDeleteRoute = deleteRoute(webhookEndpoint, '/api/webhooks/{webhookId}', {
  summary: 'Delete a webhook endpoint',
  description: 'Its delivery log goes with it; deliveries still queued for it are dropped.',
  done: 'Deleted.',
});

export function registerWebhookDelete(app: OpenAPIHono<AppEnv>): void {
  noContent(app, webhookDeleteRoute, (c) =>
    deleteWebhookEndpoint(...forAccount(c), c.req.valid('param').webhookId),
  );
}
