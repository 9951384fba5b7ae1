import { SSO_FLOW_TTL_MS, startSsoSignIn } from '@countersign/core';
import { SsoStartRequestSchema, SsoStartResponseSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { anyone } from '../../../http/access.ts';
import { requireSameSite } from '../../../http/account-auth.ts';
import type { AppEnv } from '../../../http/env.ts';
import { setSsoCookie } from '../../../http/member-cookie.ts';
import { apiRoute, commonErrors, errorResponseFor, jsonBody, jsonResponse } from '../../../http/openapi.ts';
import { crossSiteForbidden } from '../sign-in.ts';

export const ssoStartRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sso/start',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: 'Start a single sign-on: where to send the browser',
  description:
    'From a work email address (its domain picks the account whose verified single sign-on covers it) or an ' +
    "account id. Answers the identity provider's sign-in URL (OIDC authorization code with PKCE, or a SAML " +
    'AuthnRequest) and sets `cs_sso`, an HttpOnly cookie that binds the attempt to this browser: it must come ' +
    'back within 10 minutes, once. At most 60 per client address and hour.',
  request: { body: jsonBody(SsoStartRequestSchema) },
  responses: {
    200: jsonResponse('Navigate there (`location.href = redirectUrl`).', SsoStartResponseSchema),
    400: errorResponseFor("`sso_failed`: the identity provider's discovery document could not be read."),
    403: crossSiteForbidden,
    404: errorResponseFor('`sso_not_configured`: no verified single sign-on for this domain or account.'),
    429: commonErrors[429],
  },
});

export function registerSsoStart(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoStartRoute, async (c) => {
    requireSameSite(c);
    const ctx = c.get('deps').runtime.ctx;
    const started = await startSsoSignIn(ctx, c.req.valid('json'), c.get('clientAddress'));
    setSsoCookie(c, started.browserSecret, SSO_FLOW_TTL_MS / 1000);
    return c.json({ redirectUrl: started.redirectUrl }, 200);
  });
}
