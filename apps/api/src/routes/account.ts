import { accountView, changedValues, updateAccountSettings } from '@countersign/core';
import { AccountSchema, AccountUpdateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../http/access.ts';
import { forAccount } from '../http/account-scope.ts';
import { recorded } from '../http/actor.ts';
import type { AppEnv } from '../http/env.ts';
import { apiRoute, jsonBody, jsonResponse } from '../http/openapi.ts';

export const accountGetRoute = apiRoute({
  method: 'get',
  path: '/api/account',
  access: needs('account:read'),
  tags: ['Account'],
  summary: "The account's settings",
  responses: {
    200: jsonResponse('The account.', AccountSchema),
  },
});

export const accountUpdateRoute = apiRoute({
  method: 'patch',
  path: '/api/account',
  access: needs('account:admin'),
  tags: ['Account'],
  summary: "Change the account's name, default sender name, outcome address or retention of ended sessions",
  request: {
    body: jsonBody(AccountUpdateRequestSchema),
  },
  responses: {
    200: jsonResponse('The account, changed.', AccountSchema),
  },
});

export function registerAccount(app: OpenAPIHono<AppEnv>): void {
  app.openapi(accountGetRoute, async (c) => c.json(await accountView(...forAccount(c)), 200));
  app.openapi(accountUpdateRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const before = await accountView(ctx, accountId);
    const after = await recorded(
      c,
      () => updateAccountSettings(ctx, accountId, c.req.valid('json')),
      (after) => {
        const details = changedValues(before, after, [
          'name',
          'defaultSenderName',
          'outcomeEmail',
          'retentionDays',
        ]);
        return details && { action: 'account.changed', details };
      },
    );
    return c.json(after, 200);
  });
}
