import { getWebhookEndpoint } from '@countersign/core';
import { WebhookEndpointSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { webhookEndpoint } from './shared.ts';

export const webhookGetRoute = recordRoute(webhookEndpoint, {
  method: 'get',
  path: '/api/webhooks/{webhookId}',
  summary: 'Get a webhook endpoint',
  responses: { 200: jsonResponse('The endpoint (never its secret).', WebhookEndpointSchema) },
});

export function registerWebhookGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookGetRoute, async (c) =>
    c.json(await getWebhookEndpoint(...forAccount(c), c.req.valid('param').webhookId), 200),
  );
}
