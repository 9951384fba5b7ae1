import { saveDraft } from '@countersign/core';
import { SigningDraftSavedSchema, SigningDraftSchema } from '@countersign/schemas';
import { jsonResponse } from '../../http/openapi.ts';
import { signerRoute } from './signer-route.ts';

export const registerSigningDraft = signerRoute(
  {
    method: 'put',
    path: '/api/signing/{token}/draft',
    summary: 'Save what the signer has entered so far',
    description:
      "Replaces the signer's draft: field values, the adopted signature and initials, and the signature and " +
      'initials fields placed so far. Returned as `draft` by `GET /api/signing/{token}` to this link only, so a ' +
      'reload restores it; deleted when the signer signs or declines. Same value rules as signing (400 ' +
      '`field_not_allowed`, `invalid_field_value`, `invalid_signature`); only while signing is open to the signer ' +
      '(409 `not_your_turn`, `already_signed`). Nothing is recorded in the audit trail.',
    body: SigningDraftSchema,
    ok: jsonResponse('Saved.', SigningDraftSavedSchema),
    errors: [400, 401, 409, 410],
  },
  async ({ ctx, token, signer, body }) => {
    const saved = await saveDraft(ctx, token, body, signer);
    return { saved: true as const, updatedAt: new Date(saved.updatedAt).toISOString() };
  },
);
