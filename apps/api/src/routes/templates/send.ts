import {
  TemplateSendRequestSchema,
  TemplateSendResponseSchema,
  templatesSendJob,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import type { AppEnv } from '../../http/env.ts';
import { idempotency } from '../../http/idempotency.ts';
import { apiRoute, errorResponseFor, jsonBody, rateLimitHeaders } from '../../http/openapi.ts';
import { registerSendRoute } from '../../http/send-response.ts';

export const templatesSendRoute = apiRoute({
  method: 'post',
  path: '/api/templates/send',
  access: needs('sessions:send'),
  tags: ['Templates'],
  summary: 'Send a template to one or more recipient sets (bulk when several entries)',
  description:
    'Creates one session per `signingRequests` entry from a template prepared at design time, so each entry ' +
    'costs a few database rows. Recipients match template roles case-insensitively; every entry needs a ' +
    'recipient for every role (400 `unmapped_placeholders` otherwise, naming the entries and their missing ' +
    'roles; nothing created). A template the designer flags as not ready is refused whole (422 ' +
    '`template_not_ready`). Other problems of one entry fail only that row (`status: error`). With `notify` ' +
    'true, invites are emailed before the answer and their results reported; a later signer of a `sequential` ' +
    'send is `skipped`, invited when their turn comes. With `notify` false, `signingUrl` is returned for the ' +
    'caller to deliver.',
  middleware: [idempotency] as const,
  request: {
    body: jsonBody(TemplateSendRequestSchema),
  },
  responses: {
    200: {
      description: 'Per-entry results.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: TemplateSendResponseSchema } },
    },
    404: errorResponseFor('No such template for this account.'),
    422: errorResponseFor(
      '`template_not_ready`: the template is not ready to send (a role without a signature field, a field ' +
        'off its page...); `message` names each problem by field label and role. Nothing was created.',
    ),
    429: errorResponseFor('`allowance_exhausted`: the API allowance is used up; see `Retry-After`.', {
      headers: ['Retry-After'],
    }),
    503: errorResponseFor(
      'The service is temporarily unavailable, or the send is still running: retry with the same Idempotency-Key.',
      { headers: ['Retry-After'] },
    ),
  },
});

export function registerTemplatesSend(app: OpenAPIHono<AppEnv>): void {
  registerSendRoute(app, templatesSendRoute, templatesSendJob);
}
