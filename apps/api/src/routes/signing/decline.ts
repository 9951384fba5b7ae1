import { declineAsParticipant } from '@countersign/core';
import { SigningDeclinedSchema, SigningDeclineRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { linkTokenParams, signerCall, signerSecurity, signingErrorsFor } from './shared.ts';

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
  request: { params: linkTokenParams, body: jsonBody(SigningDeclineRequestSchema) },
  responses: {
    200: jsonResponse('Declined.', SigningDeclinedSchema),
    ...signingErrorsFor(400, 401, 404, 409, 410),
  },
});

export function registerSigningDecline(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDeclineRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    await declineAsParticipant(ctx, token, c.req.valid('json').reason ?? null, signer);
    return c.json({ declined: true as const }, 200);
  });
}
