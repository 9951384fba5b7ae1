import { declineAsParticipant } from '@countersign/core';
import { SigningDeclinedSchema, SigningDeclineRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { jsonBody, jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { signerCall, signingErrorsFor, signingLink } from './shared.ts';

export const signingDeclineRoute = recordRoute(signingLink, {
  method: 'post',
  path: '/api/signing/{token}/decline',
  summary: 'Decline to sign',
  description:
    'Any signer who has not signed may decline (verified, for otp sessions), whether or not it is their turn. ' +
    'The session becomes `declined`, every signing link is revoked (410 `session_declined` from then on) and, ' +
    'with `notify`, the other participants are told, with the reason when given.',
  request: { body: jsonBody(SigningDeclineRequestSchema) },
  responses: {
    200: jsonResponse('Declined.', SigningDeclinedSchema),
    ...signingErrorsFor(400, 401, 409, 410),
  },
});

export function registerSigningDecline(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingDeclineRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    await declineAsParticipant(ctx, token, c.req.valid('json').reason ?? null, signer);
    return c.json({ declined: true as const }, 200);
  });
}
