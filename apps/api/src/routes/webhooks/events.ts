import {
  WEBHOOK_TEST_EVENT_TYPE,
  WebhookEventSchema,
  WebhookTestEventSchema,
  webhookEventTypes,
} from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { jsonBody } from '../../http/openapi.ts';

const headers = z.object({
  'x-service-signature': z.string().openapi({
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>`; the key is the base64-decoded part of the ' +
      '`whsec_` secret. During a secret rotation a second `v1=` is appended (one per secret): accept if any matches.',
    example: 't=1795867200,v1=5f2b0c7c0e2f6b1d9a3e8c4f7a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3',
  }),
  'webhook-id': z.string().openapi({ description: 'The event id: the same on every retry and redelivery.' }),
  'webhook-timestamp': z
    .string()
    .openapi({ description: 'Unix seconds of this attempt (Standard Webhooks).' }),
  'webhook-signature': z.string().openapi({
    description:
      '`v1,<base64 HMAC-SHA256(key, "<id>.<t>.<raw body>")>`, space-separated when two secrets sign.',
  }),
});

const DELIVERY =
  'POST with `Content-Type: application/json` and a 10 s timeout. Any 2xx acknowledges it; redirects are not ' +
  'followed. Otherwise it is retried with exponential backoff and jitter (about 1, 2, 4, 8, 16, 32 min, 1 h, ' +
  '2 h, 4 h, then every 4-8 h) for 3 days. 410 Gone disables the endpoint at once; an endpoint whose deliveries ' +
  'all failed for over 3 days is disabled too (see `disabledReason`). Order is not guaranteed: use `createdAt`; ' +
  'deduplicate on `webhook-id`. Refuse timestamps more than 5 minutes from your clock.';

/** The event bodies and headers, in the OpenAPI 3.1 `webhooks` section (one entry per event type). */
export function registerWebhookEvents(app: OpenAPIHono<AppEnv>): void {
  const kinds = [
    ...webhookEventTypes.map((type) => ({ type, schema: WebhookEventSchema })),
    { type: WEBHOOK_TEST_EVENT_TYPE, schema: WebhookTestEventSchema },
  ];
  for (const { type, schema } of kinds) {
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      tags: ['Webhooks'],
      summary: `${type} event`,
      description: DELIVERY,
      request: {
        headers,
        body: jsonBody(schema),
      },
      responses: {
        200: { description: 'Any 2xx status acknowledges the event.' },
        410: { description: 'Gone: the service disables the endpoint and stops delivering to it.' },
      },
    });
  }
}
