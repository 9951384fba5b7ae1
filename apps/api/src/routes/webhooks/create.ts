import { createWebhookEndpoint } from '@countersign/core';
import { WebhookCreatedSchema, WebhookCreateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';

export const webhookCreateRoute = apiRoute({
  method: 'post',
  path: '/api/webhooks',
  tags: ['Webhooks'],
  summary: 'Register a webhook endpoint',
  description:
    'Events of the account are POSTed to `url`, signed with the returned secret (shown only in this answer and ' +
    'on rotation). Loopback, private, link-local, CGNAT, multicast and reserved targets are refused, here and ' +
    'at every delivery. See the `webhooks` section of this document for the event body and headers.',
  request: {
    body: jsonBody(WebhookCreateRequestSchema),
  },
  responses: {
    201: jsonResponse('Registered.', WebhookCreatedSchema),
    400: errorResponseFor('Validation failed, or `unsafe_webhook_url`: the URL is not an allowed target.'),
    409: errorResponseFor(
      '`webhook_limit_reached`: the account already has the maximum number of endpoints.',
    ),
  },
});

export function registerWebhookCreate(app: OpenAPIHono<AppEnv>): void {
  app.openapi(webhookCreateRoute, async (c) => {
    const created = await createWebhookEndpoint(...forAccount(c), c.req.valid('json'));
    return c.json(created, 201);
  });
}
