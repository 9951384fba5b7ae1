import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/** The scheme name is case-insensitive (RFC 9110 section 11.1); the token is a compact JWT. */
const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] +([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/;

/**
 * Integration routes accept exactly `Authorization: Bearer <JWT>`; a token anywhere else (query string,
 * cookie) is ignored. On success the account id and the principal are set; every later query is scoped to the
 * account, and `authorize` decides on the principal.
 */
export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('authorization');
  const match = header ? BEARER.exec(header) : null;
  if (!match) {
    return errorResponse(
      c,
      'unauthorized',
      header
        ? 'malformed Authorization header; expected "Bearer <access token>"'
        : 'missing bearer access token',
    );
  }
  const principal = await c.get('deps').runtime.accessTokens.verify(match[1]!);
  c.set('accountId', principal.accountId);
  c.set('testMode', principal.test);
  c.set('principal', principal);
  return next();
};
