import { saveDraft } from '@countersign/core';
import { SigningDraftSavedSchema, SigningDraftSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { jsonBody, jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { signerCall, signingErrorsFor, signingLink } from './shared.ts';

export const signingDraftRoute = recordRoute(signingLink, {
  method: 'put',
  path: '/api/signing/{token}/draft',
  summary: 'Save what the signer has entered so far',
  description:
    "Replaces the signer's draft: field values, the adopted signature and initials, and the signature and " +
    'initials fields placed so far. Returned as `draft` by `GET /api/signing/{token}` to this link only, so a ' +
    'reload restores it; deleted when the signer signs or declines. Same value rules as signing (400 ' +
    '`field_not_allowed`, `invalid_field_value`, `invalid_signature`); only while signing is open to the signer ' +
    '(409 `not_your_turn`, `already_signed`). Nothing is recorded in the audit trail.',
  request: { body: jsonBody(SigningDraftSchema) },
  responses: {
    200: jsonResponse('Saved.', SigningDraftSavedSchema),
    ...signingErrorsFor(400, 401, 409, 410),
  },
});

export function registerSigningDraft(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDraftRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    const saved = await saveDraft(ctx, token, c.req.valid('json'), signer);
    return c.json({ saved: true as const, updatedAt: new Date(saved.updatedAt).toISOString() }, 200);
  });
}
