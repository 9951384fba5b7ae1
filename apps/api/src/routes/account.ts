import { accountView, updateAccountSettings } from '@countersign/core';
import { AccountSchema, AccountUpdateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../http/account-scope.ts';
import type { AppEnv } from '../http/env.ts';
import { ownerOnlyResponse, requireOwner } from '../http/member-access.ts';
import { apiRoute, jsonBody, jsonResponse } from '../http/openapi.ts';

export const accountGetRoute = apiRoute({
  method: 'get',
  path: '/api/account',
  tags: ['Account'],
  summary: "The account's settings",
  responses: {
    200: jsonResponse('The account.', AccountSchema),
  },
});

export const accountUpdateRoute = apiRoute({
  method: 'patch',
  path: '/api/account',
  tags: ['Account'],
  summary: "Change the account's name, default sender name or retention of ended sessions",
  request: {
    body: jsonBody(AccountUpdateRequestSchema),
  },
  responses: {
    200: jsonResponse('The account, changed.', AccountSchema),
    403: ownerOnlyResponse,
  },
});

export function registerAccount(app: OpenAPIHono<AppEnv>): void {
  app.openapi(accountGetRoute, async (c) => c.json(await accountView(...forAccount(c)), 200));
  app.openapi(accountUpdateRoute, async (c) => {
    requireOwner(c);
    return c.json(await updateAccountSettings(...forAccount(c), c.req.valid('json')), 200);
  });
}
