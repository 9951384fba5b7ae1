import { accountView, csrfTokenFor, memberOf, memberView } from '@countersign/core';
import { MeSchema, scopesOfRole } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { needs } from '../../http/access.ts';
import type { AppEnv } from '../../http/env.ts';
import { readSessionCookie } from '../../http/member-cookie.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';

/**
 * The caller as the app shows it: the account, the member (cookie sessions), the CSRF token and what the caller
 * may do (the principal's scopes; right after sign-in, the member's role's).
 */
export async function meOf(
  c: Context<AppEnv>,
  accountId: string,
  memberId: string | undefined,
  token?: string,
) {
  const ctx = c.get('deps').runtime.ctx;
  const member = memberId ? await memberOf(ctx, accountId, memberId) : undefined;
  const principal = c.get('principal');
  return {
    account: await accountView(ctx, accountId),
    member: member ? memberView(member) : null,
    csrfToken: token ? csrfTokenFor(token) : null,
    scopes: [...(principal?.scopes ?? (member ? scopesOfRole(member.role) : []))],
    test: principal?.test ?? false,
  };
}

export const meRoute = apiRoute({
  method: 'get',
  path: '/api/me',
  access: needs(null),
  tags: ['Web app sign-in'],
  summary: 'Who is calling: account, member and CSRF token',
  description:
    'With the session cookie: the account, the signed-in member and the `csrfToken` to send as `X-CSRF-Token` ' +
    'on writes. With a bearer token: the account only.',
  responses: { 200: jsonResponse('The caller.', MeSchema) },
});

export function registerMe(app: OpenAPIHono<AppEnv>): void {
  app.openapi(meRoute, async (c) => {
    const member = c.get('member');
    return c.json(
      await meOf(c, c.get('accountId'), member?.memberId, member ? readSessionCookie(c) : undefined),
      200,
    );
  });
}
