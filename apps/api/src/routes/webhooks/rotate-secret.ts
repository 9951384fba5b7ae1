import { recordActivity, rotateWebhookSecret } from '@countersign/core';
import { WebhookSecretRotatedSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { webhookEndpoint, webhookTarget } from './shared.ts';

export const webhookRotateSecretRoute = recordRoute(webhookEndpoint, {
  method: 'post',
  path: '/api/webhooks/{webhookId}/rotate-secret',
  summary: "Rotate a webhook endpoint's signing secret",
  description:
    'Returns a new secret (shown only here). For 24 hours the old secret keeps signing too: every delivery ' +
    'carries two signatures (two `v1=` in `X-Service-Signature`, two `v1,` in `webhook-signature`) and a ' +
    'receiver holding either secret accepts it. Rotating again within those 24 hours retires the older one.',
  responses: { 200: jsonResponse('The new secret.', WebhookSecretRotatedSchema) },
});

export function registerWebhookRotateSecret(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookRotateSecretRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const { webhookId } = c.req.valid('param');
    const rotated = await rotateWebhookSecret(ctx, accountId, webhookId, () =>
      recordActivity(ctx, accountId, actorOf(c), 'webhook.secret_rotated', webhookTarget(webhookId), null),
    );
    return c.json(rotated, 200);
  });
}
