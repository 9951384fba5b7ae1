import type { MiddlewareHandler } from 'hono';
import { hasBody } from './body-limit.ts';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/** `application/json`, `application/problem+json; charset=utf-8`... */
export const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be UTF-8 (RFC 8259 section 8.1). Body readers decode leniently, turning stray bytes into
 * U+FFFD, which would then be stored as a title or a name: refuse such a body instead.
 */
export const requireUtf8Json: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (JSON_TYPE.test(c.req.header('content-type') ?? '') && hasBody(c)) {
    // Read outside the try: a failed read (the client went away) is not an encoding problem.
    const bytes = await c.req.arrayBuffer();
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return errorResponse(c, 'invalid_request', 'the request body is not valid UTF-8');
    }
    // Hono's json() and text() read this cache first, so the body is decoded once. It holds promises at run
    // time, whatever its declared type says.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  }
  await next();
};
