import { listWebhookDeliveries } from '@countersign/core';
import { WebhookDeliveryListQuerySchema, WebhookDeliveryListSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { webhookEndpoint } from './shared.ts';

export const webhookDeliveriesRoute = recordRoute(webhookEndpoint, {
  method: 'get',
  path: '/api/webhooks/{webhookId}/deliveries',
  summary: "List a webhook endpoint's delivery attempts",
  description:
    'Every attempt, newest first, cursor-paged: event, attempt number, outcome, HTTP status, duration, error.',
  request: { query: WebhookDeliveryListQuerySchema },
  responses: { 200: jsonResponse('A page of attempts.', WebhookDeliveryListSchema) },
});

export function registerWebhookDeliveries(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookDeliveriesRoute, async (c) =>
    c.json(
      await listWebhookDeliveries(...forAccount(c), c.req.valid('param').webhookId, c.req.valid('query')),
      200,
    ),
  );
}
