import type { SendJobResult } from '@countersign/core';
import {
  TemplateSendRequestSchema,
  TemplateSendResponseSchema,
  templatesSendJob,
} from '@countersign/schemas';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { idempotency, idempotencyKeyParameter } from '../../http/idempotency.ts';
import { commonErrors, errorResponseFor } from '../../http/openapi.ts';
import { sendResponse } from '../../http/send-response.ts';

export const templatesSendRoute = createRoute({
  method: 'post',
  path: '/api/templates/send',
  tags: ['Templates'],
  summary: 'Send a template to one or more recipient sets (bulk when several entries)',
  description:
    'Creates one session per `signingRequests` entry from a template prepared at design time, so each entry ' +
    'costs a few database rows. Recipients match template roles case-insensitively; every role needs a recipient ' +
    '(400 `unmapped_placeholders` otherwise, nothing created). Problems of one entry fail only that row ' +
    '(`status: error`). With `notify` true, invites are emailed before the answer and their results reported; ' +
    'with `notify` false, `signingUrl` is returned for the caller to deliver.',
  middleware: [idempotency] as const,
  parameters: [idempotencyKeyParameter],
  request: {
    body: { required: true, content: { 'application/json': { schema: TemplateSendRequestSchema } } },
  },
  responses: {
    200: {
      description: 'Per-entry results.',
      content: { 'application/json': { schema: TemplateSendResponseSchema } },
    },
    400: commonErrors[400],
    401: commonErrors[401],
    404: errorResponseFor('No such template for this account.'),
    413: commonErrors[413],
    429: errorResponseFor('The API allowance is exhausted; see `Retry-After` and the `RateLimit-*` headers.'),
    503: commonErrors[503],
  },
});

export function registerTemplatesSend(app: OpenAPIHono<AppEnv>): void {
  app.openapi(templatesSendRoute, async (c) => {
    const { queue, config } = c.get('deps');
    const result = await queue.run<SendJobResult>(
      templatesSendJob,
      { accountId: c.get('accountId'), request: c.req.valid('json') },
      { timeoutMs: config.sendTimeoutMs, jobId: c.get('jobKey') },
    );
    return sendResponse(c, result) as never;
  });
}
