import { getTemplateDetail } from '@countersign/core';
import { TEMPLATE_ID_MAX_LENGTH, TemplateDetailSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

export const templateGetRoute = apiRoute({
  method: 'get',
  path: '/api/templates/{templateId}',
  tags: ['Templates'],
  summary: 'Get a template: roles, documents, fields and an example send body',
  description:
    "`examplePayload` is the 'copy payload': a complete POST /api/templates/send body with every role as a " +
    'recipient and every sender-filled field with an example value.',
  request: { params: z.object({ templateId: z.string().min(1).max(TEMPLATE_ID_MAX_LENGTH) }) },
  responses: {
    200: jsonResponse('The template.', TemplateDetailSchema),
    404: errorResponseFor('No such template for this account.'),
  },
});

export function registerTemplateGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(templateGetRoute, async (c) =>
    c.json(await getTemplateDetail(...forAccount(c), c.req.valid('param').templateId), 200),
  );
}
