import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be UTF-8 (RFC 8259 section 8.1). Body readers decode leniently, turning stray bytes into
 * U+FFFD, which would then be stored as a title or a name: refuse such a body instead. The bytes read here are
 * cached by the request, so the validators do not read the body again.
 */
export const requireUtf8Json: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.raw.body && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    // Read outside the try: a failed read (the client went away) is not an encoding problem.
    const bytes = await c.req.arrayBuffer();
    try {
      utf8.decode(bytes);
    } catch {
      return errorResponse(c, 'invalid_request', 'the request body is not valid UTF-8');
    }
  }
  await next();
};
