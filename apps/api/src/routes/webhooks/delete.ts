import { deleteWebhookEndpoint } from '@countersign/core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { deleteRoute } from '../../http/record-route.ts';
import { webhookEndpoint, webhookTarget } from './shared.ts';

export const webhookDeleteRoute = deleteRoute(webhookEndpoint, '/api/webhooks/{webhookId}', {
  summary: 'Delete a webhook endpoint',
  description: 'Its delivery log goes with it; deliveries still queued for it are dropped.',
  done: 'Deleted.',
});

export function registerWebhookDelete(app: OpenAPIHono<AppEnv>): void {
  noContent(app, webhookDeleteRoute, (c) => {
    const { webhookId } = c.req.valid('param');
    return recorded(
      c,
      () => deleteWebhookEndpoint(...forAccount(c), webhookId),
      () => ({ action: 'webhook.deleted', target: webhookTarget(webhookId) }),
    );
  });
}
