import { signingDocumentFile } from '@countersign/core';
import { PathIdSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, responseHeaders } from '../../http/openapi.ts';
import { pdfDocumented, pdfResponse } from '../../http/pdf-response.ts';
import { linkTokenParams, signerCall, signerSecurity, signingErrors, signingErrorsFor } from './shared.ts';

export const signingDocumentRoute = apiRoute({
  method: 'get',
  path: '/api/signing/{token}/documents/{documentId}',
  tags: ['Signer'],
  summary: 'A document of the signing request as a PDF',
  description:
    'The prepared PDF while signing; the sealed, signed PDF once the session is completed (409 ' +
    '`document_not_ready` while it is being produced). Needs the signer cookie when a code is required.',
  security: signerSecurity,
  request: { params: linkTokenParams.extend({ documentId: PathIdSchema }) },
  responses: {
    200: pdfDocumented,
    ...signingErrorsFor(401, 404, 410),
    409: {
      ...signingErrors[409],
      description: '`document_not_ready`: the signed PDF is still being produced; retry after `Retry-After`.',
      headers: responseHeaders('Retry-After'),
    },
  },
});

export function registerSigningDocument(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDocumentRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    const file = await signingDocumentFile(ctx, token, c.req.valid('param').documentId, signer.cookieToken);
    return pdfResponse(c, file.sha256, file.filename);
  });
}
