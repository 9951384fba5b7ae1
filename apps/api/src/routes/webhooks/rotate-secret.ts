import { rotateWebhookSecret } from '@countersign/core';
import { WebhookIdParamsSchema, WebhookSecretRotatedSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

export const webhookRotateSecretRoute = apiRoute({
  method: 'post',
  path: '/api/webhooks/{webhookId}/rotate-secret',
  tags: ['Webhooks'],
  summary: "Rotate a webhook endpoint's signing secret",
  description:
    'Returns a new secret (shown only here). For 24 hours the old secret keeps signing too: every delivery ' +
    'carries two signatures (two `v1=` in `X-Service-Signature`, two `v1,` in `webhook-signature`) and a ' +
    'receiver holding either secret accepts it. Rotating again within those 24 hours retires the older one.',
  request: { params: WebhookIdParamsSchema },
  responses: {
    200: jsonResponse('The new secret.', WebhookSecretRotatedSchema),
    404: errorResponseFor('`webhook_not_found`: no such endpoint for this account.'),
  },
});

export function registerWebhookRotateSecret(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookRotateSecretRoute, async (c) =>
    c.json(
      await rotateWebhookSecret(
        c.get('deps').runtime.ctx,
        c.get('accountId'),
        c.req.valid('param').webhookId,
      ),
      200,
    ),
  );
}
