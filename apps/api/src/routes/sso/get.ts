import { ssoSettings } from '@countersign/core';
import { SsoSettingsSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';

export const ssoGetRoute = apiRoute({
  method: 'get',
  path: '/api/account/sso',
  access: needs('account:admin'),
  tags: ['Single sign-on'],
  summary: "The account's single sign-on connection, and what to register at the identity provider",
  responses: {
    200: jsonResponse('The connection (null when none) and this service provider.', SsoSettingsSchema),
  },
});

export function registerSsoGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(ssoGetRoute, async (c) => {
    return c.json(await ssoSettings(...forAccount(c)), 200);
  });
}
