import { signAsParticipant } from '@countersign/core';
import { SigningSignedSchema, SigningSignRequestSchema } from '@countersign/schemas';
import { jsonResponse } from '../../http/openapi.ts';
import { signerRoute } from './signer-route.ts';

export const registerSigningSign = signerRoute(
  {
    method: 'post',
    path: '/api/signing/{token}/sign',
    summary: "Sign: the signer's field values and adopted signature (and initials)",
    description:
      "Only while the session is active, verified (or public), on the signer's turn and not signed yet. Values only " +
      "for the signer's own fields other than signature, initials and automatic ones (a prefilled field of theirs " +
      'may be changed); checkboxes take `true` or `false`. The signature fills every signature field of the signer, ' +
      'the initials (derived from the name when omitted) every initials field. Every required field must end up ' +
      'filled (a required checkbox checked). Records the values, the signature, time, IP and user agent; the next ' +
      'signer is invited in sequential order; once everyone has signed the signed PDF is produced.',
    body: SigningSignRequestSchema,
    ok: jsonResponse('Signed.', SigningSignedSchema),
    errors: [400, 401, 409, 410],
  },
  // The last signature's transaction also queues the completion job, through the outbox (outbox/jobs.ts).
  async ({ ctx, token, signer, body }) => {
    const signed = await signAsParticipant(ctx, token, body, signer);
    return {
      signed: true as const,
      signedAt: new Date(signed.signedAt).toISOString(),
      sessionCompleted: signed.allSigned,
    };
  },
);
