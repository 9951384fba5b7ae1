import { redeliverWebhook } from '@countersign/core';
import { WebhookDeliveryParamsSchema, WebhookRedeliveryQueuedSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { webhookDisabled } from './shared.ts';

export const webhookRedeliverRoute = apiRoute({
  method: 'post',
  path: '/api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
  access: needs('webhooks', { live: true }),
  tags: ['Webhooks'],
  summary: 'Send the event of a delivery again',
  description:
    'Queues the same event (same body, same event id and `webhook-id`, so receivers can drop a duplicate) with ' +
    'fresh retries. The new attempts appear in the deliveries list.',
  request: { params: WebhookDeliveryParamsSchema },
  responses: {
    202: jsonResponse('Queued.', WebhookRedeliveryQueuedSchema),
    404: errorResponseFor('`webhook_not_found` or `webhook_delivery_not_found`.'),
    409: webhookDisabled,
  },
});

export function registerWebhookRedeliver(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookRedeliverRoute, async (c) => {
    const { webhookId, deliveryId } = c.req.valid('param');
    return c.json(await redeliverWebhook(...forAccount(c), webhookId, deliveryId), 202);
  });
}
