import { finishOidcSignIn } from '@countersign/core';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { anyone } from '../../../http/access.ts';
import type { AppEnv } from '../../../http/env.ts';
import { takeSsoCookie } from '../../../http/member-cookie.ts';
import { apiRoute } from '../../../http/openapi.ts';
import { backToApp, backToAppResponses } from './back-to-app.ts';

const param = z.string().max(4096).optional();

export const ssoOidcCallbackRoute = apiRoute({
  method: 'get',
  path: '/api/auth/sso/oidc/callback',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: "The OpenID provider's redirect after sign-in (browser navigation)",
  description:
    "Spends the attempt `state` names (this browser's `cs_sso` cookie, within 10 minutes, once), redeems " +
    "`code` with the PKCE verifier and checks the ID token (signature by the provider's keys, issuer, " +
    'audience, expiry, nonce). The address it names must be at the verified domain; a member is created with ' +
    'the default role on their first sign-in.',
  request: {
    query: z.object({
      code: param,
      state: param,
      iss: param,
      error: param,
      error_description: param,
      session_state: param,
    }),
  },
  responses: backToAppResponses,
});

export function registerSsoOidcCallback(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoOidcCallbackRoute, async (c) => {
    const query = Object.fromEntries(
      Object.entries(c.req.valid('query')).filter((e): e is [string, string] => e[1] !== undefined),
    );
    return backToApp(c, () => finishOidcSignIn(c.get('deps').runtime.ctx, query, takeSsoCookie(c)));
  });
}
