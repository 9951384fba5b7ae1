import { declineAsParticipant } from '@countersign/core';
import { SigningDeclinedSchema, SigningDeclineRequestSchema } from '@countersign/schemas';
import { jsonResponse } from '../../http/openapi.ts';
import { signerRoute } from './signer-route.ts';

export const registerSigningDecline = signerRoute(
  {
    method: 'post',
    path: '/api/signing/{token}/decline',
    summary: 'Decline to sign',
    description:
      'Any signer who has not signed may decline (verified, for otp sessions), whether or not it is their turn. ' +
      'The session becomes `declined`, every signing link is revoked (410 `session_declined` from then on) and, ' +
      'with `notify`, the other participants are told, with the reason when given.',
    body: SigningDeclineRequestSchema,
    ok: jsonResponse('Declined.', SigningDeclinedSchema),
    errors: [400, 401, 409, 410],
  },
  async ({ ctx, token, signer, body }) => {
    await declineAsParticipant(ctx, token, body.reason ?? null, signer);
    return { declined: true as const };
  },
);
