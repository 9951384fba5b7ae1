import { putSsoConnection } from '@countersign/core';
import { SsoConnectionRequestSchema, SsoConnectionSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonBody, jsonResponse } from '../../http/openapi.ts';

export const ssoPutRoute = apiRoute({
  method: 'put',
  path: '/api/account/sso',
  access: needs('account:admin'),
  tags: ['Single sign-on'],
  summary: 'Set up (or replace) single sign-on through an OIDC or SAML identity provider',
  description:
    'Sets the protocol, the provider and the email domain. A new domain must be verified (TXT record, ' +
    '`POST /api/account/sso/verification/check`) before anyone signs in through it. The OIDC client secret ' +
    'is stored encrypted and never shown; leave it out to keep the stored one. URLs must be https unless the ' +
    'operator set SSO_ALLOW_HTTP.',
  request: { body: jsonBody(SsoConnectionRequestSchema) },
  responses: {
    200: jsonResponse('The connection.', SsoConnectionSchema),
  },
});

export function registerSsoPut(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoPutRoute, async (c) => {
    const connection = await recorded(
      c,
      () => putSsoConnection(...forAccount(c), c.req.valid('json')),
      (saved) => ({
        action: 'sso.configured',
        target: { kind: 'sso', id: saved.domain },
        details: {
          protocol: saved.protocol,
          domain: saved.domain,
          defaultRole: saved.defaultRole,
          requireSso: saved.requireSso,
        },
      }),
    );
    return c.json(connection, 200);
  });
}
