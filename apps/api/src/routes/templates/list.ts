import { listTemplates } from '@countersign/core';
import { TemplateListQuerySchema, TemplateListSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';

export const templatesListRoute = apiRoute({
  method: 'get',
  path: '/api/templates',
  access: needs('templates:read'),
  tags: ['Templates'],
  summary: "List the account's templates",
  description:
    'Newest first: id, name, roles, documents with their page counts and the number of fields. Archived ' +
    'templates are left out unless `archived=true` (extension), which lists them alone. `tag` (extension) ' +
    'keeps the templates with that tag, case ignored.',
  request: { query: TemplateListQuerySchema },
  responses: {
    200: jsonResponse('The templates.', TemplateListSchema),
  },
});

export function registerTemplatesList(app: OpenAPIHono<AppEnv>): void {
  app.openapi(templatesListRoute, async (c) => {
    const { archived, tag } = c.req.valid('query');
    return c.json(await listTemplates(...forAccount(c), { archived: archived === 'true', tag }), 200);
  });
}
