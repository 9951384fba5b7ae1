import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

/**
 * Registers a route that answers 204 with no body once `act` has done its work (deletes, revokes, sign-out).
 * The handler is typed against the route itself (`RouteHandler<R>`), so hono checks the 204 and `act` gets
 * the route's own context, with no cast.
 */
export function noContent<R extends RouteConfig & { responses: { 204: { description: string } } }>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  act: (c: Parameters<RouteHandler<R, AppEnv>>[0]) => Promise<unknown>,
): void {
  const handler = async (c: Parameters<RouteHandler<R, AppEnv>>[0]) => {
    await act(c);
    return c.body(null, 204);
  };
  app.openapi(route, handler);
}
