import { declineAsParticipant } from '@countersign/core';
import { SigningDeclinedSchema, SigningDeclineRequestSchema, signingTokenParam } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { signerRequest, signerSecurity, signingErrors } from './shared.ts';

export const signingDeclineRoute = apiRoute({
  method: 'post',
  path: '/api/signing/{token}/decline',
  tags: ['Signer'],
  summary: 'Decline to sign',
  description:
    'Any signer who has not signed may decline (verified, for otp sessions), whether or not it is their turn. ' +
    'The session becomes `declined`, every signing link is revoked (410 `session_declined` from then on) and, ' +
    'with `notify`, the other participants are told, with the reason when given.',
  security: signerSecurity,
  request: {
    params: z.object({ token: signingTokenParam }),
    body: jsonBody(SigningDeclineRequestSchema),
  },
  responses: {
    200: jsonResponse('Declined.', SigningDeclinedSchema),
    400: signingErrors[400],
    401: signingErrors[401],
    404: signingErrors[404],
    409: signingErrors[409],
    410: signingErrors[410],
  },
});

export function registerSigningDecline(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDeclineRoute, async (c) => {
    const { reason } = c.req.valid('json');
    await declineAsParticipant(
      c.get('deps').runtime.ctx,
      c.req.valid('param').token,
      reason ?? null,
      signerRequest(c),
    );
    return c.json({ declined: true as const }, 200);
  });
}
