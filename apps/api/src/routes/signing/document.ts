import { signingDocumentFile } from '@countersign/core';
import { PathIdSchema, signingTokenParam } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, responseHeaders } from '../../http/openapi.ts';
import { pdfResponse } from '../../http/pdf-response.ts';
import { signerRequest, signerSecurity, signingErrors } from './shared.ts';

export const signingDocumentRoute = apiRoute({
  method: 'get',
  path: '/api/signing/{token}/documents/{documentId}',
  tags: ['Signer'],
  summary: 'A document of the signing request as a PDF',
  description:
    'The prepared PDF while signing; the sealed, signed PDF once the session is completed (409 ' +
    '`document_not_ready` while it is being produced). Needs the signer cookie when a code is required.',
  security: signerSecurity,
  request: { params: z.object({ token: signingTokenParam, documentId: PathIdSchema }) },
  responses: {
    200: {
      description: 'The PDF.',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: signingErrors[401],
    404: signingErrors[404],
    409: {
      ...signingErrors[409],
      description: '`document_not_ready`: the signed PDF is still being produced; retry after `Retry-After`.',
      headers: responseHeaders('Retry-After'),
    },
    410: signingErrors[410],
  },
});

export function registerSigningDocument(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDocumentRoute, async (c) => {
    const { token, documentId } = c.req.valid('param');
    const file = await signingDocumentFile(
      c.get('deps').runtime.ctx,
      token,
      documentId,
      signerRequest(c).cookieToken,
    );
    return pdfResponse(c, file.sha256, file.filename);
  });
}
