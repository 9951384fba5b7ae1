import { sendWebhookTestEvent } from '@countersign/core';
import { WebhookTestQueuedSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { webhookDisabled, webhookEndpoint } from './shared.ts';

export const webhookTestRoute = recordRoute(webhookEndpoint, {
  method: 'post',
  path: '/api/webhooks/{webhookId}/test',
  summary: 'Send a test event to a webhook endpoint',
  description:
    'Queues a `webhook.test` event (see the `webhooks` section) for this endpoint only. It goes the way every ' +
    'event goes: signed with the secret(s), logged in the deliveries list with the answer, retried on failure, ' +
    'redeliverable. It is sent whatever `events` the endpoint subscribes to.',
  responses: {
    202: jsonResponse('Queued; its attempt appears in the deliveries list.', WebhookTestQueuedSchema),
    409: webhookDisabled,
  },
});

export function registerWebhookTest(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookTestRoute, async (c) =>
    c.json(await sendWebhookTestEvent(...forAccount(c), c.req.valid('param').webhookId), 202),
  );
}
