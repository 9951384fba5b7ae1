import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { clientAddress } from './client-address.ts';
import type { AppDeps, AppEnv } from './env.ts';
import { loggedPath } from './logged-path.ts';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (a well-formed incoming X-Request-Id is kept, for tracing across services),
 * echoes it in the response, marks the response uncacheable unless the route chose otherwise, and writes
 * exactly one structured log line (signing link tokens masked) when the response is done.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('clientAddress', clientAddress(c, deps.config.trustedProxies));
    c.header('X-Request-Id', requestId);
    await next();
    // Integration and signer answers carry secrets (signing links, webhook secrets, tokens): no cache may
    // keep them. Routes that allow caching (page assets) say so themselves.
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
    const seconds = (performance.now() - started) / 1000;
    // The route's pattern, never the path: ids and link tokens would make a series per request.
    deps.metrics?.httpRequest(c.req.method, routeLabel(c.req.routePath), c.res.status, seconds);
    deps.logger.info(
      {
        requestId,
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        durationMs: Math.round(seconds * 10_000) / 10,
        accountId: c.get('accountId'),
        client: c.get('clientAddress'),
      },
      'request',
    );
  };
}

/** After `next()`, `routePath` is the pattern of the handler that answered; a catch-all means none did. */
const routeLabel = (routePath: string) => (routePath === '*' || routePath === '/*' ? 'unmatched' : routePath);
