import { getWebhookEndpoint } from '@countersign/core';
import { WebhookEndpointSchema, WebhookIdParamsSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';
import { webhookNotFound } from './shared.ts';

export const webhookGetRoute = apiRoute({
  method: 'get',
  path: '/api/webhooks/{webhookId}',
  tags: ['Webhooks'],
  summary: 'Get a webhook endpoint',
  request: { params: WebhookIdParamsSchema },
  responses: {
    200: jsonResponse('The endpoint (never its secret).', WebhookEndpointSchema),
    404: webhookNotFound,
  },
});

export function registerWebhookGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookGetRoute, async (c) =>
    c.json(await getWebhookEndpoint(...forAccount(c), c.req.valid('param').webhookId), 200),
  );
}
