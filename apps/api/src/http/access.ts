import { holds, type Principal } from '@countersign/core';
import type { Scope } from '@countersign/schemas';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/**
 * Who may call a route, declared once beside its OpenAPI definition (`apiRoute`'s `access`) and decided by
 * one middleware (`authorize`), never again in a handler (docs/permissions.md).
 * - `anyone`: no credential (health, the token exchange, sign-in, the document);
 * - `signer`: the signing link's token; `operator`: the metrics token;
 * - `member`: the signed-in person's own things (their sessions, passkeys), by the web app's cookie only;
 * - `account`: a member or a token of the account holding `scope` (null: any of them); `live`: not in test
 *   mode (administration: a test token is a sandbox).
 */
export type RouteAccess =
  | { caller: 'anyone' | 'signer' | 'operator' | 'member' }
  | { caller: 'account'; scope: Scope | null; live: boolean };

export const anyone = { caller: 'anyone' } as const satisfies RouteAccess;
export const signerLink = { caller: 'signer' } as const satisfies RouteAccess;
export const operator = { caller: 'operator' } as const satisfies RouteAccess;
export const signedInMember = { caller: 'member' } as const satisfies RouteAccess;

/** An account route needing `scope` (null: any member or token of the account). */
export const needs = (scope: Scope | null, options: { live?: boolean } = {}): RouteAccess => ({
  caller: 'account',
  scope,
  live: options.live ?? scope === 'account:admin',
});

/** Why `principal` may not call a route of `access`, as the error it gets, or null. */
export function refusal(
  principal: Principal,
  access: RouteAccess,
): { code: 'forbidden' | 'insufficient_scope'; message: string; scope?: Scope } | null {
  if (access.caller === 'member') {
    return principal.kind === 'member'
      ? null
      : {
          code: 'forbidden',
          message: 'this route is for a signed-in member (web app session cookie), not a bearer token',
        };
  }
  if (access.caller !== 'account') return null;
  if (access.live && principal.test) {
    return {
      code: 'forbidden',
      message: 'a test token cannot administer the account (test mode is a sandbox: docs/test-mode.md)',
    };
  }
  if (access.scope !== null && !holds(principal, access.scope)) {
    const who = principal.kind === 'member' ? `a ${principal.member.role}` : 'this token';
    return {
      code: 'insufficient_scope',
      message: `${who} lacks the scope ${access.scope}`,
      scope: access.scope,
    };
  }
  return null;
}

/** The route middleware `apiRoute` puts first on member and account routes. */
export const authorize =
  (access: RouteAccess): MiddlewareHandler<AppEnv> =>
  // Not async: on the path of every account request, an allowed call goes straight on to the next handler.
  (c, next) => {
    const refused = refusal(c.get('principal'), access);
    if (refused === null) return next();
    const headers: Record<string, string> =
      refused.scope && c.get('principal').kind === 'token'
        ? {
            'WWW-Authenticate': `Bearer realm="countersign", error="insufficient_scope", scope="${refused.scope}"`,
          }
        : {};
    return Promise.resolve(
      errorResponse(c, refused.code, refused.message, refused.scope ? { scope: refused.scope } : {}, headers),
    );
  };
