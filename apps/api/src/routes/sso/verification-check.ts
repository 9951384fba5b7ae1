import { recordActivity, verifySsoDomain } from '@countersign/core';
import { SsoConnectionSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';

export const ssoVerificationCheckRoute = apiRoute({
  method: 'post',
  path: '/api/account/sso/verification/check',
  access: needs('account:admin'),
  tags: ['Single sign-on'],
  summary: 'Verify the domain: look up its TXT records in DNS',
  request: { body: jsonBody(z.strictObject({})) },
  responses: {
    200: jsonResponse(
      'Verified: members at the domain may sign in through the provider.',
      SsoConnectionSchema,
    ),
    404: errorResponseFor('`sso_not_configured`: set up single sign-on first.'),
    409: errorResponseFor(
      '`sso_domain_unverified`: the record was not found (or DNS failed); `sso_domain_taken`: another ' +
        'account verified the domain.',
    ),
  },
});

export function registerSsoVerificationCheck(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoVerificationCheckRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    // The DNS lookup runs first; the mark and its log entry commit together after it.
    const verified = await verifySsoDomain(ctx, accountId, (view) =>
      recordActivity(
        ctx,
        accountId,
        actorOf(c),
        'sso.domain_verified',
        { kind: 'sso', id: view.domain },
        null,
      ),
    );
    return c.json(verified, 200);
  });
}
