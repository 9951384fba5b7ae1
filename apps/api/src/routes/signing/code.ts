import { requestCode } from '@countersign/core';
import { SigningCodeSentSchema } from '@countersign/schemas';
import { jsonResponse } from '../../http/openapi.ts';
import { signerRoute } from './signer-route.ts';

export const registerSigningCode = signerRoute(
  {
    method: 'post',
    path: '/api/signing/{token}/code',
    summary: 'Email the signer a one-time code',
    description:
      "Sends a 6-digit code to the signer's address, whatever `notify` says. Valid 10 minutes, used once, 5 wrong " +
      'tries; a new code retires the previous one. At most one code per 30 seconds and 5 per hour (429 ' +
      '`rate_limited` with `retryAfterSeconds`; the code already sent still works); after 10 wrong codes in a row the signer is locked out (429 `code_locked` with ' +
      '`Retry-After`) for 30 minutes, each later lockout twice as long, at most a day, and requesting a new code ' +
      'does not lift it. Public sessions answer 400 `code_not_required`. No body.',
    ok: jsonResponse('The code is on its way.', SigningCodeSentSchema),
    errors: [400, 410, 429],
  },
  async ({ ctx, token, signer }) => {
    const sent = await requestCode(ctx, token, signer.origin);
    return {
      sent: true as const,
      expiresAt: new Date(sent.expiresAt).toISOString(),
      resendAfter: new Date(sent.resendAfter).toISOString(),
    };
  },
);
