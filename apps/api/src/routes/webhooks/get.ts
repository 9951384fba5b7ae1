import { getWebhookEndpoint } from '@countersign/core';
import { WebhookEndpointSchema } from '@countersign/schemas';
import { forAccount } from '../../http/account-scope.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { readRoute } from '../../http/record-route.ts';
import { webhookEndpoint } from './shared.ts';

export const registerWebhookGet = readRoute(webhookEndpoint, '/api/webhooks/{webhookId}', {
  summary: 'Get a webhook endpoint',
  ok: jsonResponse('The endpoint (never its secret).', WebhookEndpointSchema),
  read: (c) => getWebhookEndpoint(...forAccount(c), c.req.valid('param').webhookId),
});
