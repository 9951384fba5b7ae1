import { duplicateTemplate, recordActivity } from '@countersign/core';
import { TemplateDetailSchema, TemplateDuplicateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonBody, jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { accountTemplate } from './shared.ts';

export const templateDuplicateRoute = recordRoute(accountTemplate, {
  method: 'post',
  path: '/api/templates/{templateId}/duplicate',
  summary: 'Copy a template into a new one',
  description:
    'Extension: a new template with the current version of this one (its PDFs, roles and their colours, fields ' +
    'and language) as its version 1, named `name` or the original\'s name with " (copy)". The two change ' +
    'independently afterwards. Recorded in the activity log as `template.created` with `duplicateOf`.',
  request: { body: jsonBody(TemplateDuplicateRequestSchema) },
  responses: {
    201: jsonResponse('The copy.', TemplateDetailSchema),
  },
});

export function registerTemplateDuplicate(app: OpenAPIHono<AppEnv>): void {
  app.openapi(templateDuplicateRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const { templateId } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const copy = await duplicateTemplate(ctx, accountId, templateId, {
      name,
      alsoInTransaction: (copyId, copyName) =>
        recordActivity(
          ctx,
          accountId,
          actorOf(c),
          'template.created',
          { kind: 'template', id: copyId },
          { name: copyName, duplicateOf: templateId },
        ),
    });
    return c.json(copy, 201);
  });
}
