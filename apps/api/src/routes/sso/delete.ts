import { deleteSsoConnection } from '@countersign/core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, errorResponseFor } from '../../http/openapi.ts';

export const ssoDeleteRoute = apiRoute({
  method: 'delete',
  path: '/api/account/sso',
  access: needs('account:admin'),
  tags: ['Single sign-on'],
  summary: 'Remove single sign-on (members sign in by emailed link or passkey again)',
  responses: {
    204: { description: 'Removed.' },
    404: errorResponseFor('`sso_not_configured`: the account has no connection.'),
  },
});

export function registerSsoDelete(app: OpenAPIHono<AppEnv>): void {
  noContent(app, ssoDeleteRoute, async (c) => {
    await recorded(
      c,
      () => deleteSsoConnection(...forAccount(c)),
      () => ({ action: 'sso.removed' }),
    );
  });
}
