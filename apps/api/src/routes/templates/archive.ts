import { recordActivity, setTemplateArchived } from '@countersign/core';
import { TemplateDetailSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { accountTemplate } from './shared.ts';

const archiveRoute = (archived: boolean) =>
  recordRoute(accountTemplate, {
    method: 'post',
    path: archived ? '/api/templates/{templateId}/archive' : '/api/templates/{templateId}/restore',
    summary: archived ? 'Archive a template (extension)' : 'Restore an archived template (extension)',
    description: archived
      ? 'Takes the template out of `GET /api/templates` (it is listed with `archived=true`). Only tidies the ' +
        'list: it can still be read, edited and sent, and its sessions are untouched. Archiving it again changes ' +
        'nothing.'
      : 'Puts an archived template back in `GET /api/templates`. Restoring one that is not archived changes nothing.',
    responses: { 200: jsonResponse('The template.', TemplateDetailSchema) },
  });

export const templateArchiveRoute = archiveRoute(true);
export const templateRestoreRoute = archiveRoute(false);

export function registerTemplateArchive(app: OpenAPIHono<AppEnv>): void {
  for (const [route, archived] of [
    [templateArchiveRoute, true],
    [templateRestoreRoute, false],
  ] as const) {
    app.openapi(route, async (c) => {
      const [ctx, accountId] = forAccount(c);
      const { templateId } = c.req.valid('param');
      const template = await setTemplateArchived(ctx, accountId, templateId, archived, () =>
        recordActivity(
          ctx,
          accountId,
          actorOf(c),
          archived ? 'template.archived' : 'template.restored',
          { kind: 'template', id: templateId },
          null,
        ),
      );
      return c.json(template, 200);
    });
  }
}
