import { saveDraft } from '@countersign/core';
import { SigningDraftSavedSchema, SigningDraftSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { linkTokenParams, signerCall, signerSecurity, signingErrorsFor } from './shared.ts';

export const signingDraftRoute = apiRoute({
  method: 'put',
  path: '/api/signing/{token}/draft',
  tags: ['Signer'],
  summary: 'Save what the signer has entered so far',
  description:
    "Replaces the signer's draft: field values, the adopted signature and initials, and the signature and " +
    'initials fields placed so far. Returned as `draft` by `GET /api/signing/{token}` to this link only, so a ' +
    'reload restores it; deleted when the signer signs or declines. Same value rules as signing (400 ' +
    '`field_not_allowed`, `invalid_field_value`, `invalid_signature`); only while signing is open to the signer ' +
    '(409 `not_your_turn`, `already_signed`). Nothing is recorded in the audit trail.',
  security: signerSecurity,
  request: { params: linkTokenParams, body: jsonBody(SigningDraftSchema) },
  responses: {
    200: jsonResponse('Saved.', SigningDraftSavedSchema),
    ...signingErrorsFor(400, 401, 404, 409, 410),
  },
});

export function registerSigningDraft(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDraftRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    const saved = await saveDraft(ctx, token, c.req.valid('json'), signer);
    return c.json({ saved: true as const, updatedAt: new Date(saved.updatedAt).toISOString() }, 200);
  });
}
