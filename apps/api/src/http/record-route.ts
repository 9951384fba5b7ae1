import type { OpenAPIHono, RouteConfig, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { RouteAccess } from './access.ts';
import type { AppEnv } from './env.ts';
import { apiRoute, type jsonResponse } from './openapi.ts';

type Responses = RouteConfig['responses'];
type Response = Responses[string];
type Request = NonNullable<RouteConfig['request']>;

/**
 * What every route about one kind of record shares: the tag it is listed under, the path parameters that name
 * the record (`{webhookId}`, the signing link's `{token}`...), the 404 for a name the caller has no record
 * under, who may call its routes (a route may say otherwise), and for the signer's routes their `security`.
 */
export interface RecordKind<Params extends z.ZodObject, NotFound extends Response = Response> {
  tags: string[];
  params: Params;
  notFound: NotFound;
  access: RouteAccess;
  security?: RouteConfig['security'];
}

/**
 * `apiRoute` for a route about one record of `kind`: the route declares what is its own (method, path, words,
 * a query or body, its answers) and the kind adds the rest, in the order the other routes declare them so the
 * document reads the same.
 */
export function recordRoute<
  Params extends z.ZodObject,
  NotFound extends Response,
  P extends string,
  M extends RouteConfig['method'],
  R extends Responses,
  Req extends Omit<Request, 'params'> = Record<never, never>,
>(
  kind: RecordKind<Params, NotFound>,
  route: {
    method: M;
    path: P;
    summary: string;
    description?: string;
    access?: RouteAccess;
    request?: Req;
    responses: R;
  },
) {
  return apiRoute({
    method: route.method,
    path: route.path,
    access: route.access ?? kind.access,
    tags: kind.tags,
    summary: route.summary,
    description: route.description,
    security: kind.security,
    request: { params: kind.params, ...(route.request as Req) },
    responses: { ...route.responses, 404: kind.notFound },
  });
}

/**
 * `recordRoute` for a route that deletes (or revokes) the record and answers 204 with no body: `done` says
 * what that answer means. Its handler is `noContent`.
 */
export function deleteRoute<
  Params extends z.ZodObject,
  NotFound extends Response,
  P extends string,
  R extends Responses = Record<never, never>,
>(
  kind: RecordKind<Params, NotFound>,
  path: P,
  route: { summary: string; description?: string; access?: RouteAccess; done: string; responses?: R },
) {
  return recordRoute(kind, {
    method: 'delete',
    path,
    access: route.access,
    summary: route.summary,
    description: route.description,
    responses: { 204: { description: route.done }, ...(route.responses as R) },
  });
}

/** A handler's context on a route about one record of a kind with these path parameters. */
export type RecordContext<Params extends z.ZodObject> = Context<
  AppEnv,
  string,
  { out: { param: z.output<Params> } }
>;

/**
 * The GET of one record of `kind`, answering 200 with it: declares the route and returns its registration,
 * whose handler answers what `read` returns.
 */
export function readRoute<
  Params extends z.ZodObject,
  NotFound extends Response,
  P extends string,
  A extends z.ZodType,
>(
  kind: RecordKind<Params, NotFound>,
  path: P,
  route: {
    summary: string;
    description?: string;
    access?: RouteAccess;
    ok: ReturnType<typeof jsonResponse<A>>;
    read: (c: RecordContext<Params>) => Promise<z.input<A>>;
  },
) {
  const declared = recordRoute(kind, {
    method: 'get',
    path,
    summary: route.summary,
    description: route.description,
    access: route.access,
    responses: { 200: route.ok },
  });
  return (app: OpenAPIHono<AppEnv>): void => {
    const handler = async (c: RecordContext<Params>) => c.json(await route.read(c), 200);
    app.openapi(declared, handler);
  };
}
