import { consumeSignInLink, type MemberRow, requestSignInEmail, startMemberSession } from '@countersign/core';
import type { MemberSessionMethod } from '@countersign/db';
import { MeSchema, SignInRequestSchema, SignInVerifyRequestSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { anyone } from '../../http/access.ts';
import { requireSameSite } from '../../http/account-auth.ts';
import type { AppEnv } from '../../http/env.ts';
import { setSessionCookie } from '../../http/member-cookie.ts';
import { apiRoute, commonErrors, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { meOf } from './me.ts';

/** The 403 of the sign-in routes (`requireSameSite`). */
export const crossSiteForbidden = errorResponseFor('`forbidden`: a cross-site request.');

export const signInRequestRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sign-in',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: 'Email a sign-in link',
  description:
    'Emails a one-time sign-in link (15 minutes) to the address if it belongs to a member of any account (one ' +
    'link per account). The answer is the same whether or not it does. At most 5 emails per address and 20 ' +
    'requests per client address per hour; beyond that 429 with `Retry-After`.',
  security: [],
  request: { body: jsonBody(SignInRequestSchema) },
  responses: {
    202: jsonResponse(
      'Accepted: an email is on its way if the address is a member.',
      z.object({ message: z.string() }),
    ),
    403: crossSiteForbidden,
    429: commonErrors[429],
  },
});

export const signInVerifyRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sign-in/verify',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: 'Sign in with an emailed link',
  description:
    'Spends the link (once) and starts a cookie session: `Set-Cookie: cs_session=...; HttpOnly; SameSite=Lax; ' +
    'Path=/` (plus `Secure` on https), idle expiry 3 days, absolute 30 days. The answer carries the CSRF token ' +
    'for later writes.',
  security: [],
  request: {
    body: jsonBody(SignInVerifyRequestSchema),
  },
  responses: {
    200: jsonResponse('Signed in.', MeSchema),
    400: errorResponseFor('`sign_in_link_invalid`: unknown, already used or expired link; or validation.'),
    403: crossSiteForbidden,
  },
});

export function registerSignIn(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signInRequestRoute, async (c) => {
    requireSameSite(c);
    await requestSignInEmail(c.get('deps').runtime.ctx, c.req.valid('json').email, c.get('clientAddress'));
    return c.json({ message: 'If this address belongs to a member, a sign-in link is on its way.' }, 202);
  });
  app.openapi(signInVerifyRoute, async (c) => {
    requireSameSite(c);
    const member = await consumeSignInLink(c.get('deps').runtime.ctx, c.req.valid('json').token);
    return c.json(await startSession(c, member, 'link'), 200);
  });
}

/** Starts a cookie session for a member who just proved who they are; answers what `GET /api/me` would. */
export async function startSession(c: Context<AppEnv>, member: MemberRow, method: MemberSessionMethod) {
  const session = await startMemberSession(c.get('deps').runtime.ctx, member, {
    method,
    userAgent: c.req.header('user-agent'),
    ip: c.get('clientAddress'),
  });
  setSessionCookie(c, session.token, session.expiresAt);
  return meOf(c, member.accountId, member.id, session.token);
}
