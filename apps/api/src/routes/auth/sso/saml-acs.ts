import { finishSamlSignIn } from '@countersign/core';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { anyone } from '../../../http/access.ts';
import type { AppEnv } from '../../../http/env.ts';
import { takeSsoCookie } from '../../../http/member-cookie.ts';
import { apiRoute } from '../../../http/openapi.ts';
import { backToApp, backToAppResponses } from './back-to-app.ts';

const SamlPostSchema = z.object({
  SAMLResponse: z.string().min(1).max(1_000_000),
  RelayState: z.string().min(1).max(200),
});

export const ssoSamlAcsRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sso/saml/acs',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: "Assertion consumer service: the SAML IdP's answer (HTTP-POST binding)",
  description:
    "Spends the attempt `RelayState` names (this browser's `cs_sso` cookie, within 10 minutes, once), then " +
    'checks the response: a valid XML signature on the assertion by the configured IdP certificate (unsigned ' +
    'assertions are refused), the issuer, InResponseTo (the request this browser started), the audience (our ' +
    'entity id), Destination and Recipient (this URL), NotBefore/NotOnOrAfter (2 minutes of clock skew), and ' +
    'that the assertion was not used before (ids are remembered until they expire).',
  request: {
    body: { content: { 'application/x-www-form-urlencoded': { schema: SamlPostSchema } }, required: true },
  },
  responses: backToAppResponses,
});

export function registerSsoSamlAcs(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoSamlAcsRoute, async (c) => {
    const form = c.req.valid('form');
    return backToApp(c, () => finishSamlSignIn(c.get('deps').runtime.ctx, form, takeSsoCookie(c)));
  });
}
