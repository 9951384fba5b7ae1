import { getWebhookEndpoint } from '@countersign/core';
import { WebhookEndpointSchema, WebhookIdParamsSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

export const webhookGetRoute = apiRoute({
  method: 'get',
  path: '/api/webhooks/{webhookId}',
  tags: ['Webhooks'],
  summary: 'Get a webhook endpoint',
  request: { params: WebhookIdParamsSchema },
  responses: {
    200: jsonResponse('The endpoint (never its secret).', WebhookEndpointSchema),
    404: errorResponseFor('`webhook_not_found`: no such endpoint for this account.'),
  },
});

export function registerWebhookGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookGetRoute, async (c) =>
    c.json(
      await getWebhookEndpoint(c.get('deps').runtime.ctx, c.get('accountId'), c.req.valid('param').webhookId),
      200,
    ),
  );
}
