import { listWebhookDeliveries } from '@countersign/core';
import {
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListSchema,
  WebhookIdParamsSchema,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';
import { webhookNotFound } from './shared.ts';

export const webhookDeliveriesRoute = apiRoute({
  method: 'get',
  path: '/api/webhooks/{webhookId}/deliveries',
  tags: ['Webhooks'],
  summary: "List a webhook endpoint's delivery attempts",
  description:
    'Every attempt, newest first, cursor-paged: event, attempt number, outcome, HTTP status, duration, error.',
  request: { params: WebhookIdParamsSchema, query: WebhookDeliveryListQuerySchema },
  responses: {
    200: jsonResponse('A page of attempts.', WebhookDeliveryListSchema),
    404: webhookNotFound,
  },
});

export function registerWebhookDeliveries(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookDeliveriesRoute, async (c) =>
    c.json(
      await listWebhookDeliveries(...forAccount(c), c.req.valid('param').webhookId, c.req.valid('query')),
      200,
    ),
  );
}
