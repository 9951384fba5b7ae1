import {
  authenticateMemberSession,
  constantTimeEqual,
  csrfTokenFor,
  DomainError,
  memberPrincipal,
} from '@countersign/core';
import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from './bearer-auth.ts';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';
import { clearSessionCookie, readSessionCookie } from './member-cookie.ts';

export const CSRF_HEADER = 'X-CSRF-Token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins the app is served from: PUBLIC_URL's, and the one this request was addressed to. */
function sameOrigin(c: Context<AppEnv>, origin: string): boolean {
  const allowed = [new URL(c.get('deps').config.publicUrl).origin, new URL(c.req.url).origin];
  return allowed.includes(origin);
}

/**
 * Why a cookie-authenticated write is refused, or null. Three checks, any one of which stops a forged
 * cross-site request: the browser's own Sec-Fetch-Site, the Origin header, and a token only the app's pages
 * can know (read from `GET /api/me` with the cookie; other origins cannot read that answer).
 */
export function csrfProblem(c: Context<AppEnv>, sessionToken: string): string | null {
  const crossSite = crossSiteProblem(c);
  if (crossSite !== null) return crossSite;
  const presented = c.req.header(CSRF_HEADER);
  if (presented === undefined) return `missing ${CSRF_HEADER} header (the csrfToken of GET /api/me)`;
  if (!constantTimeEqual(presented, csrfTokenFor(sessionToken))) return `wrong ${CSRF_HEADER} header`;
  return null;
}

/** Only the origin checks: for the sign-in form, where no session (and so no token) exists yet. */
export function crossSiteProblem(c: Context<AppEnv>): string | null {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return `cross-site request refused (Sec-Fetch-Site: ${site})`;
  const origin = c.req.header('origin');
  if (origin !== undefined && !sameOrigin(c, origin))
    return `cross-origin request refused (Origin: ${origin})`;
  return null;
}

/** The sign-in routes' guard: a cross-site request is refused (403 `forbidden`, saying why). */
export function requireSameSite(c: Context<AppEnv>): void {
  const problem = crossSiteProblem(c);
  if (problem) throw new DomainError('forbidden', problem);
}

/**
 * The account API's authentication: `Authorization: Bearer <JWT>` (integrators), or else the web app's
 * session cookie (members), with the CSRF checks on every write. Either way the account id is set and every
 * later query is scoped to it; `member` is set only for cookie sessions.
 */
export const accountAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.header('authorization') === undefined ? readSessionCookie(c) : undefined;
  if (token === undefined) return bearerAuth(c, next);
  const identity = await authenticateMemberSession(c.get('deps').runtime.ctx, token);
  if (!identity) {
    clearSessionCookie(c);
    return errorResponse(c, 'unauthorized', 'your sign-in session expired or was revoked; sign in again');
  }
  if (!SAFE_METHODS.has(c.req.method)) {
    const problem = csrfProblem(c, token);
    if (problem) return errorResponse(c, 'forbidden', problem);
  }
  c.set('accountId', identity.accountId);
  c.set('testMode', false);
  c.set('member', identity);
  c.set('principal', memberPrincipal(identity));
  await next();
};
