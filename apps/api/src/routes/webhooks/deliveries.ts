import { listWebhookDeliveries } from '@countersign/core';
import {
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListSchema,
  WebhookIdParamsSchema,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

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
    404: errorResponseFor('`webhook_not_found`: no such endpoint for this account.'),
  },
});

export function registerWebhookDeliveries(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookDeliveriesRoute, async (c) =>
    c.json(
      await listWebhookDeliveries(
        c.get('deps').runtime.ctx,
        c.get('accountId'),
        c.req.valid('param').webhookId,
        c.req.valid('query'),
      ),
      200,
    ),
  );
}
