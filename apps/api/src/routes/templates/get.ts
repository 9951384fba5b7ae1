import { getTemplateDetail } from '@countersign/core';
import { TEMPLATE_ID_MAX_LENGTH, TemplateDetailSchema } from '@countersign/schemas';
import { z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { type RecordKind, readRoute } from '../../http/record-route.ts';

/**
 * The read's own kind (not `accountTemplate`): ids up to TEMPLATE_ID_MAX_LENGTH, where the routes that change
 * a template take path ids, and its own 404.
 */
const templateIdParams = z.object({ templateId: z.string().min(1).max(TEMPLATE_ID_MAX_LENGTH) });
const readableTemplate = {
  access: needs('templates:read'),
  tags: ['Templates'],
  params: templateIdParams,
  notFound: errorResponseFor('No such template for this account.'),
} satisfies RecordKind<typeof templateIdParams>;

export const registerTemplateGet = readRoute(readableTemplate, '/api/templates/{templateId}', {
  summary: 'Get a template: roles, documents, fields and an example send body',
  description:
    "`examplePayload` is the 'copy payload': a complete POST /api/templates/send body with every role as a " +
    'recipient and every sender-filled field with an example value.',
  ok: jsonResponse('The template.', TemplateDetailSchema),
  read: (c) => getTemplateDetail(...forAccount(c), c.req.valid('param').templateId),
});
