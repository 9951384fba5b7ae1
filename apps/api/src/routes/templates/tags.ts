import { recordActivity, setTemplateTags } from '@countersign/core';
import { TemplateDetailSchema, TemplateTagsRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonBody, jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { accountTemplate } from './shared.ts';

export const templateTagsRoute = recordRoute(accountTemplate, {
  method: 'put',
  path: '/api/templates/{templateId}/tags',
  summary: "Replace a template's tags (extension)",
  description:
    'Sets the template\'s tags to `tags` (`[]` clears them). "HR" and "hr" are one tag: the first is kept as ' +
    'typed. `GET /api/templates?tag=` lists the templates with a tag. Tags only sort the list: no new version ' +
    'is made and its sessions are untouched. Recorded in the activity log as `template.tagged` when the tags ' +
    'change.',
  request: { body: jsonBody(TemplateTagsRequestSchema) },
  responses: { 200: jsonResponse('The template.', TemplateDetailSchema) },
});

export function registerTemplateTags(app: OpenAPIHono<AppEnv>): void {
  app.openapi(templateTagsRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const { templateId } = c.req.valid('param');
    const { tags } = c.req.valid('json');
    const template = await setTemplateTags(ctx, accountId, templateId, tags, (from, to) =>
      recordActivity(
        ctx,
        accountId,
        actorOf(c),
        'template.tagged',
        { kind: 'template', id: templateId },
        {
          from,
          to,
        },
      ),
    );
    return c.json(template, 200);
  });
}
