import { ssoVerification } from '@countersign/core';
import { SsoVerificationSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';

export const ssoVerificationStartRoute = apiRoute({
  method: 'post',
  path: '/api/account/sso/verification',
  access: needs('account:admin'),
  tags: ['Single sign-on'],
  summary: 'Start verifying the domain: the TXT record to publish',
  description:
    'Publish a TXT record at the domain whose value is `countersign-verification=<token>`, then call ' +
    '`POST /api/account/sso/verification/check`. The token stays the same until the domain changes.',
  request: { body: jsonBody(z.strictObject({})) },
  responses: {
    200: jsonResponse('The record to publish.', SsoVerificationSchema),
    404: errorResponseFor('`sso_not_configured`: set up single sign-on first.'),
  },
});

export function registerSsoVerificationStart(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoVerificationStartRoute, async (c) => {
    return c.json(await ssoVerification(...forAccount(c)), 200);
  });
}
