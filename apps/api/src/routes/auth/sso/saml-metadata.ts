import { DomainError, findSsoConnection, samlMetadata } from '@countersign/core';
import { SsoAccountParamsSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { anyone } from '../../../http/access.ts';
import type { AppEnv } from '../../../http/env.ts';
import { apiRoute, errorResponseFor } from '../../../http/openapi.ts';

export const ssoSamlMetadataRoute = apiRoute({
  method: 'get',
  path: '/api/auth/sso/saml/metadata/{accountId}',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: "This service provider's SAML metadata for an account (import it at the IdP)",
  description: 'Its URL is also the entity ID (the audience the IdP must name). Public, as metadata is.',
  request: { params: SsoAccountParamsSchema },
  responses: {
    200: {
      description: 'The EntityDescriptor: entity ID, ACS (HTTP-POST), assertions wanted signed.',
      content: { 'application/samlmetadata+xml': { schema: z.string() } },
    },
    404: errorResponseFor('`sso_not_configured`: the account has no SAML connection.'),
  },
});

export function registerSsoSamlMetadata(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoSamlMetadataRoute, async (c) => {
    const ctx = c.get('deps').runtime.ctx;
    const row = await findSsoConnection(ctx, c.req.valid('param').accountId);
    if (row?.protocol !== 'saml') {
      throw new DomainError('sso_not_configured', 'this account has no SAML single sign-on');
    }
    return c.body(samlMetadata(ctx, row), 200, { 'content-type': 'application/samlmetadata+xml' });
  });
}
