import { deleteTemplate, recordActivity, templateDocumentFile, updateTemplate } from '@countersign/core';
import {
  PathIdSchema,
  TemplateDetailSchema,
  TemplateUpdateRequestSchema,
  TemplateVersionConflictSchema,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf, recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { pdfDocumented, pdfResponse } from '../../http/pdf-response.ts';
import { deleteRoute, recordRoute } from '../../http/record-route.ts';
import { accountTemplate } from './shared.ts';

export const templateUpdateRoute = recordRoute(accountTemplate, {
  method: 'put',
  path: '/api/templates/{templateId}',
  summary: 'Update a template (name, roles, fields) with optimistic concurrency',
  description:
    'Based on `version` (from the template as read). A save based on an older version answers 409 ' +
    '`template_version_conflict` with `currentVersion`, and changes nothing. Sessions already sent keep the ' +
    'version they were sent with. The same checks as creation (`template_invalid` names each problem).',
  request: { body: jsonBody(TemplateUpdateRequestSchema) },
  responses: {
    200: jsonResponse('The template, new version.', TemplateDetailSchema),
    409: errorResponseFor('`template_version_conflict`: `currentVersion` is the latest version.', {
      schema: TemplateVersionConflictSchema,
    }),
  },
});

export const templateDeleteRoute = deleteRoute(accountTemplate, '/api/templates/{templateId}', {
  summary: 'Delete a template',
  description: 'It can no longer be read or sent; sessions sent from it are unaffected.',
  done: 'Deleted.',
});

export const templateDocumentRoute = apiRoute({
  method: 'get',
  path: '/api/templates/{templateId}/documents/{index}',
  access: needs('templates:read'),
  tags: ['Templates'],
  summary: "A template document's PDF (as signers see it), by 0-based position",
  request: {
    params: accountTemplate.params.extend({
      index: PathIdSchema.openapi({ description: '0-based position.' }),
    }),
  },
  responses: {
    200: pdfDocumented,
    404: errorResponseFor('`template_not_found`, or `not_found` for an index past the last document.'),
  },
});

const templateTarget = (id: string) => ({ kind: 'template', id });

export function registerTemplateEdit(app: OpenAPIHono<AppEnv>): void {
  app.openapi(templateUpdateRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const { templateId } = c.req.valid('param');
    const body = c.req.valid('json');
    const template = await updateTemplate(ctx, accountId, templateId, body, (version) =>
      recordActivity(ctx, accountId, actorOf(c), 'template.edited', templateTarget(templateId), {
        name: body.name.trim(),
        version,
      }),
    );
    return c.json(template, 200);
  });
  noContent(app, templateDeleteRoute, (c) => {
    const { templateId } = c.req.valid('param');
    return recorded(
      c,
      () => deleteTemplate(...forAccount(c), templateId),
      () => ({ action: 'template.deleted', target: templateTarget(templateId) }),
    );
  });
  app.openapi(templateDocumentRoute, async (c) => {
    const { templateId, index } = c.req.valid('param');
    // Not a position (letters, a sign): like one past the end, no such document.
    const position = /^\d{1,4}$/.test(index) ? Number(index) : -1;
    const file = await templateDocumentFile(...forAccount(c), templateId, position);
    return pdfResponse(c, file.sha256, file.filename);
  });
}
