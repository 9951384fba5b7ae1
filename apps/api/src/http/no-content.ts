import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

/**
 * Registers a route that answers 204 with no body once `act` has done its work (deletes, revokes, sign-out).
 * `act` gets the route's own context; hono cannot follow a generic route's types, hence the one `never`.
 */
export function noContent<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  act: (c: Parameters<RouteHandler<R, AppEnv>>[0]) => Promise<unknown>,
): void {
  app.openapi(route, (async (c: Parameters<RouteHandler<R, AppEnv>>[0]) => {
    await act(c);
    return c.body(null, 204);
  }) as never);
}
