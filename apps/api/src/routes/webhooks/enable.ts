import { enableWebhookEndpoint } from '@countersign/core';
import { WebhookEndpointSchema, WebhookIdParamsSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { webhookNotFound } from './shared.ts';

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
    404: webhookNotFound,
  },
});

export function registerWebhookEnable(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookEnableRoute, async (c) =>
    c.json(await enableWebhookEndpoint(...forAccount(c), c.req.valid('param').webhookId), 200),
  );
}
