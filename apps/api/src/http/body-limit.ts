import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as countingBodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/**
 * Whether the request carries a body, judged by its headers when it came from a socket: asking
 * @hono/node-server's request for `.body` builds a web ReadableStream (and a full undici Request) where
 * reading the socket directly is several times cheaper. `app.request()` in tests has no socket and may
 * omit Content-Length, so there the body itself is asked.
 */
export function hasBody(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  const fromSocket = typeof c.env === 'object' && c.env !== null && 'incoming' in c.env;
  return !fromSocket && c.req.raw.body !== null;
}

/**
 * Bodies over `maxBytes` answer 413. A declared Content-Length is judged before anything is read; a chunked
 * body (or one without a length, in tests) is counted while it is read, by Hono's middleware.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>) =>
    errorResponse(c, 'payload_too_large', `the request body exceeds ${maxBytes} bytes`);
  const counting = countingBodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > maxBytes ? tooLarge(c) : next();
    }
    return hasBody(c) ? counting(c, next) : next();
  };
}
