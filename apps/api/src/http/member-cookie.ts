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
