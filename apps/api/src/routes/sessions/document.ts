import { sessionDocumentFile } from '@countersign/core';
import { PathIdSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor } from '../../http/openapi.ts';
import { pdfDocumented, pdfResponse } from '../../http/pdf-response.ts';

export const sessionDocumentRoute = apiRoute({
  method: 'get',
  path: '/api/sessions/{sessionId}/documents/{documentId}',
  access: needs('sessions:read'),
  tags: ['Sessions'],
  summary: 'Download a document of a session',
  description: 'The prepared PDF while the session is open; the sealed, signed PDF once it is completed.',
  request: {
    params: z.object({ sessionId: PathIdSchema, documentId: PathIdSchema }),
  },
  responses: {
    200: pdfDocumented,
    404: errorResponseFor('No such session or document for this account.'),
    410: errorResponseFor('`session_purged` (extension): the session was purged; its documents are deleted.'),
  },
});

export function registerSessionDocument(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionDocumentRoute, async (c) => {
    const { sessionId, documentId } = c.req.valid('param');
    const file = await sessionDocumentFile(...forAccount(c), sessionId, documentId);
    return pdfResponse(c, file.sha256, file.filename);
  });
}
