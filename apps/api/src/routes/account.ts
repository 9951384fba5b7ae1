import { accountView, updateAccountSettings } from '@countersign/core';
import { AccountSchema, AccountUpdateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { requireOwner } from '../http/member-access.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../http/openapi.ts';

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
    403: errorResponseFor('`forbidden`: only an owner may do this (or a CSRF/origin check failed).'),
  },
});

export function registerAccount(app: OpenAPIHono<AppEnv>): void {
  app.openapi(accountGetRoute, async (c) =>
    c.json(await accountView(c.get('deps').runtime.ctx, c.get('accountId')), 200),
  );
  app.openapi(accountUpdateRoute, async (c) => {
    requireOwner(c);
    return c.json(
      await updateAccountSettings(c.get('deps').runtime.ctx, c.get('accountId'), c.req.valid('json')),
      200,
    );
  });
}
