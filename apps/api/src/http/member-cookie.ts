import { memberPolicy } from '@countersign/core';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './env.ts';

/** Secure whenever the service is reached over https (PUBLIC_URL), so the cookie never travels in clear. */
const secure = (c: Context<AppEnv>) => c.get('deps').config.publicUrl.startsWith('https:');

export const readSessionCookie = (c: Context<AppEnv>): string | undefined =>
  getCookie(c, memberPolicy.SESSION_COOKIE);

/** HttpOnly (scripts cannot read it), SameSite=Lax (not sent on cross-site writes), whole-site path. */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: number): void {
  setCookie(c, memberPolicy.SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, memberPolicy.SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
  });
}

/** The browser's half of a single sign-on under way (core `startSsoSignIn`): only this browser can finish it. */
export const SSO_COOKIE = 'cs_sso';

/**
 * HttpOnly, scoped to the sign-on routes, 10 minutes. A SAML IdP answers with a cross-site POST, which carries
 * only a `SameSite=None` cookie, and browsers accept those only with `Secure`: so None on https, else Lax
 * (local development, where the IdP is usually on the same site).
 */
export function setSsoCookie(c: Context<AppEnv>, secret: string, maxAgeSeconds: number): void {
  setCookie(c, SSO_COOKIE, secret, {
    path: '/api/auth/sso/',
    httpOnly: true,
    sameSite: secure(c) ? 'None' : 'Lax',
    secure: secure(c),
    maxAge: maxAgeSeconds,
  });
}

/** The sign-on cookie, cleared at once: a flow is finished (or refused) once. */
export function takeSsoCookie(c: Context<AppEnv>): string | undefined {
  const value = getCookie(c, SSO_COOKIE);
  if (value !== undefined) deleteCookie(c, SSO_COOKIE, { path: '/api/auth/sso/', secure: secure(c) });
  return value;
}
