import type { SignerRequest } from '@countersign/core';
import type { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { jsonBody, type jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { signerCall, type signingErrors, signingErrorsFor, signingLink } from './shared.ts';

type SigningError = keyof typeof signingErrors;

/** What a signer route's handler works from: `signerCall`'s three and the JSON body, when the route takes one. */
export interface SignerCall<Body> {
  ctx: AppEnv['Variables']['deps']['runtime']['ctx'];
  token: string;
  signer: SignerRequest;
  body: Body;
}

/**
 * A signer route that answers 200 with JSON (all but `code/verify`, which also sets the cookie, and the PDF
 * downloads): declares it about `signingLink`, with the JSON body when it takes one and the `signingErrors` it
 * can answer, and returns its registration, which hands `act` the call and answers what `act` returns.
 */
export function signerRoute<
  P extends string,
  A extends z.ZodType,
  S extends SigningError,
  B extends z.ZodType | undefined = undefined,
>(
  route: {
    method: 'get' | 'post' | 'put';
    path: P;
    summary: string;
    description: string;
    body?: B;
    ok: ReturnType<typeof jsonResponse<A>>;
    errors: S[];
  },
  act: (call: SignerCall<B extends z.ZodType ? z.output<B> : undefined>) => Promise<z.input<A>>,
) {
  const declared = recordRoute(signingLink, {
    method: route.method,
    path: route.path,
    summary: route.summary,
    description: route.description,
    request: route.body && { body: jsonBody(route.body) },
    responses: { 200: route.ok, ...signingErrorsFor(...route.errors) },
  });
  return (app: OpenAPIHono<AppEnv>): void => {
    const handler = async (c: Parameters<typeof signerCall>[0]) => {
      const call = signerCall(c);
      const body = route.body && (c.req.valid as (target: 'json') => unknown)('json');
      return c.json(await act({ ...call, body } as Parameters<typeof act>[0]), 200);
    };
    app.openapi(declared, handler);
  };
}
