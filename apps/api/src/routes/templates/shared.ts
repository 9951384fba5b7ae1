import { PathIdSchema } from '@countersign/schemas';
import { z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { errorResponseFor } from '../../http/openapi.ts';
import type { RecordKind } from '../../http/record-route.ts';

const templateIdParams = z.object({ templateId: PathIdSchema });

/** The routes that change or send one template of the account, named by `{templateId}`. */
export const accountTemplate = {
  access: needs('templates:write'),
  tags: ['Templates'],
  params: templateIdParams,
  notFound: errorResponseFor('`template_not_found`.'),
} satisfies RecordKind<typeof templateIdParams>;
