import { verifyCode } from '@countersign/core';
import { SigningCodeVerifyRequestSchema, SigningVerifiedSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { jsonBody } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { setSignerCookie, signerCall, signingErrorsFor, signingLink } from './shared.ts';

export const signingVerifyRoute = recordRoute(signingLink, {
  method: 'post',
  path: '/api/signing/{token}/code/verify',
  summary: 'Verify the one-time code',
  description:
    'A correct code sets the signer cookie (HttpOnly, SameSite=Lax, Secure on https, scoped to this link, 12 hours) ' +
    'and records `code.verified`. A wrong one records `code.failed` and answers 400 `code_invalid` with ' +
    '`attemptsLeft`; the 10th wrong code in a row locks the signer out (429 `code_locked`).',
  request: { body: jsonBody(SigningCodeVerifyRequestSchema) },
  responses: {
    200: {
      description: 'Verified; the response sets the signer cookie.',
      headers: {
        'Set-Cookie': {
          description: 'The signer cookie (HttpOnly, SameSite=Lax, scoped to `/api/signing/{token}`).',
          schema: { type: 'string' },
        },
      },
      content: { 'application/json': { schema: SigningVerifiedSchema } },
    },
    ...signingErrorsFor(400, 410, 429),
  },
});

export function registerSigningVerify(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingVerifyRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    const verified = await verifyCode(ctx, token, c.req.valid('json').code, signer.origin);
    setSignerCookie(c, token, verified.token);
    return c.json({ verified: true as const, expiresAt: new Date(verified.expiresAt).toISOString() }, 200);
  });
}
