import { deleteWebhookEndpoint } from '@countersign/core';
import { WebhookIdParamsSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor } from '../../http/openapi.ts';

export const webhookDeleteRoute = apiRoute({
  method: 'delete',
  path: '/api/webhooks/{webhookId}',
  tags: ['Webhooks'],
  summary: 'Delete a webhook endpoint',
  description: 'Its delivery log goes with it; deliveries still queued for it are dropped.',
  request: { params: WebhookIdParamsSchema },
  responses: {
    204: { description: 'Deleted.' },
    404: errorResponseFor('`webhook_not_found`: no such endpoint for this account.'),
  },
});

export function registerWebhookDelete(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookDeleteRoute, async (c) => {
    await deleteWebhookEndpoint(
      c.get('deps').runtime.ctx,
      c.get('accountId'),
      c.req.valid('param').webhookId,
    );
    return c.body(null, 204);
  });
}
