import { recordActivity, updateWebhookEndpoint } from '@countersign/core';
import { WebhookEndpointSchema, WebhookUpdateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { webhookEndpoint, webhookTarget } from './shared.ts';

export const webhookUpdateRoute = recordRoute(webhookEndpoint, {
  method: 'patch',
  path: '/api/webhooks/{webhookId}',
  summary: 'Change the events of a webhook endpoint, or turn it off and on',
  description:
    '`events` replaces the event types (null: every type, including later ones). `enabled: false` stops ' +
    'deliveries: `status` becomes `disabled` with `disabledReason` "turned off by the account", and events ' +
    'from then on are not queued for it. `enabled: true` clears that and the failing streak, as ' +
    '`POST /api/webhooks/{webhookId}/enable` does. Events already delivered or queued keep their types.',
  request: { body: jsonBody(WebhookUpdateRequestSchema) },
  responses: {
    200: jsonResponse('The endpoint as it is now.', WebhookEndpointSchema),
    400: errorResponseFor(
      'Validation failed (an unknown property or event type, nothing to change), or `unsafe_webhook_url` when ' +
        'enabling: the URL is no longer an allowed target.',
    ),
  },
});

export function registerWebhookUpdate(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookUpdateRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const { webhookId } = c.req.valid('param');
    const body = c.req.valid('json');
    const endpoint = await updateWebhookEndpoint(ctx, accountId, webhookId, body, async (changed) => {
      if (changed)
        await recordActivity(ctx, accountId, actorOf(c), 'webhook.updated', webhookTarget(webhookId), body);
    });
    return c.json(endpoint, 200);
  });
}
