import { createWebhookEndpoint, recordActivity } from '@countersign/core';
import { WebhookCreatedSchema, WebhookCreateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { webhookTarget } from './shared.ts';

export const webhookCreateRoute = apiRoute({
  method: 'post',
  path: '/api/webhooks',
  access: needs('webhooks', { live: true }),
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
    const [ctx, accountId] = forAccount(c);
    const body = c.req.valid('json');
    const created = await createWebhookEndpoint(ctx, accountId, body, (webhookId) =>
      recordActivity(ctx, accountId, actorOf(c), 'webhook.created', webhookTarget(webhookId), {
        url: body.url,
        events: body.events ?? null,
      }),
    );
    return c.json(created, 201);
  });
}
