import { enableWebhookEndpoint } from '@countersign/core';
import { WebhookEndpointSchema, WebhookIdParamsSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

export const webhookEnableRoute = apiRoute({
  method: 'post',
  path: '/api/webhooks/{webhookId}/enable',
  tags: ['Webhooks'],
  summary: 'Re-enable a disabled webhook endpoint',
  description:
    'Clears `disabledReason` and the failing streak; events from now on are delivered. Events that occurred ' +
    'while it was disabled are not sent by themselves: redeliver the ones listed as `skipped` if needed. ' +
    'Enabling an enabled endpoint changes nothing.',
  request: { params: WebhookIdParamsSchema },
  responses: {
    200: jsonResponse('The endpoint, enabled.', WebhookEndpointSchema),
    400: errorResponseFor('`unsafe_webhook_url`: the URL is no longer an allowed target.'),
    404: errorResponseFor('`webhook_not_found`: no such endpoint for this account.'),
  },
});

export function registerWebhookEnable(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookEnableRoute, async (c) =>
    c.json(
      await enableWebhookEndpoint(
        c.get('deps').runtime.ctx,
        c.get('accountId'),
        c.req.valid('param').webhookId,
      ),
      200,
    ),
  );
}
