import { signingDocumentFile } from '@countersign/core';
import { PathIdSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { responseHeaders } from '../../http/openapi.ts';
import { pdfDocumented, pdfResponse } from '../../http/pdf-response.ts';
import { recordRoute } from '../../http/record-route.ts';
import { signerCall, signingErrors, signingErrorsFor, signingLink } from './shared.ts';

export const signingDocumentRoute = recordRoute(
  { ...signingLink, params: signingLink.params.extend({ documentId: PathIdSchema }) },
  {
    method: 'get',
    path: '/api/signing/{token}/documents/{documentId}',
    summary: 'A document of the signing request as a PDF',
    description:
      'The prepared PDF while signing; the sealed, signed PDF once the session is completed (409 ' +
      '`document_not_ready` while it is being produced). Needs the signer cookie when a code is required.',
    responses: {
      200: pdfDocumented,
      ...signingErrorsFor(401, 410),
      409: {
        ...signingErrors[409],
        description:
          '`document_not_ready`: the signed PDF is still being produced; retry after `Retry-After`.',
        headers: responseHeaders('Retry-After'),
      },
    },
  },
);

export function registerSigningDocument(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDocumentRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    const file = await signingDocumentFile(ctx, token, c.req.valid('param').documentId, signer.cookieToken);
    return pdfResponse(c, file.sha256, file.filename);
  });
}
