import { verifyCode } from '@countersign/core';
import {
  SigningCodeVerifyRequestSchema,
  SigningVerifiedSchema,
  signingTokenParam,
} from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonBody } from '../../http/openapi.ts';
import { setSignerCookie, signerRequest, signerSecurity, signingErrors } from './shared.ts';

export const signingVerifyRoute = apiRoute({
  method: 'post',
  path: '/api/signing/{token}/code/verify',
  tags: ['Signer'],
  summary: 'Verify the one-time code',
  description:
    'A correct code sets the signer cookie (HttpOnly, SameSite=Lax, Secure on https, scoped to this link, 12 hours) ' +
    'and records `code.verified`. A wrong one records `code.failed` and answers 400 `code_invalid` with ' +
    '`attemptsLeft`; the 10th wrong code in a row locks the signer out (429 `code_locked`).',
  security: signerSecurity,
  request: {
    params: z.object({ token: signingTokenParam }),
    body: jsonBody(SigningCodeVerifyRequestSchema),
  },
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
    400: signingErrors[400],
    404: signingErrors[404],
    410: signingErrors[410],
    429: signingErrors[429],
  },
});

export function registerSigningVerify(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingVerifyRoute, async (c) => {
    const { token } = c.req.valid('param');
    const verified = await verifyCode(
      c.get('deps').runtime.ctx,
      token,
      c.req.valid('json').code,
      signerRequest(c).origin,
    );
    setSignerCookie(c, token, verified.token);
    return c.json({ verified: true as const, expiresAt: new Date(verified.expiresAt).toISOString() }, 200);
  });
}
