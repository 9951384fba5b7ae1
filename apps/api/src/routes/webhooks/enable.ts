import { enableWebhookEndpoint, recordActivity } from '@countersign/core';
import { WebhookEndpointSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { webhookEndpoint, webhookTarget } from './shared.ts';

export const webhookEnableRoute = recordRoute(webhookEndpoint, {
  method: 'post',
  path: '/api/webhooks/{webhookId}/enable',
  summary: 'Re-enable a disabled webhook endpoint',
  description:
    'Clears `disabledReason` and the failing streak; events from now on are delivered. Events that occurred ' +
    'while it was disabled are not sent by themselves: redeliver the ones listed as `skipped` if needed. ' +
    'Enabling an enabled endpoint changes nothing.',
  responses: {
    200: jsonResponse('The endpoint, enabled.', WebhookEndpointSchema),
    400: errorResponseFor('`unsafe_webhook_url`: the URL is no longer an allowed target.'),
  },
});

export function registerWebhookEnable(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookEnableRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const { webhookId } = c.req.valid('param');
    const endpoint = await enableWebhookEndpoint(ctx, accountId, webhookId, async (changed) => {
      if (changed)
        await recordActivity(ctx, accountId, actorOf(c), 'webhook.enabled', webhookTarget(webhookId), null);
    });
    return c.json(endpoint, 200);
  });
}
