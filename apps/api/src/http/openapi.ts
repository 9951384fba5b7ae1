import { AccessErrorResponseSchema, ErrorResponseSchema } from '@countersign/schemas';
import { createRoute, type OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import { authorize, type RouteAccess } from './access.ts';
import { IDEMPOTENCY_KEY_PATTERN, idempotency } from './idempotency.ts';

// The pieces of the OpenAPI document that many routes share, and `apiRoute`, through which every route's
// declaration goes so that the responses the middleware and the error handler give on every route (500, 401,
// 413, 400, the idempotency answers, X-Request-Id...) cannot be left out of the document.

type Responses = RouteConfig['responses'];
type ResponseObject = Exclude<Responses[string], { $ref: string }>;

export type ResponseHeaderName =
  | 'X-Request-Id'
  | 'Idempotent-Replayed'
  | 'Retry-After'
  | 'RateLimit-Limit'
  | 'RateLimit-Remaining'
  | 'RateLimit-Reset';

const string = 'string' as const;
const integer = 'integer' as const;

/** A `RateLimit-*` header: a count, never negative. */
const rateLimitHeader = (description: string) => ({ description, schema: { type: integer, minimum: 0 } });

/** Response headers the API sends, documented once under `components.headers`. */
const HEADERS = {
  'X-Request-Id': {
    description:
      'The id of this request in the service logs: a well-formed incoming `X-Request-Id` (1 to 128 of ' +
      '`A-Z a-z 0-9 . _ : -`) is echoed, otherwise a new UUID. A 500 body quotes it.',
    schema: { type: string },
    example: '0b6f5c8e-4d0e-4c1f-9a55-2f3c8d1e7a90',
  },
  'Idempotent-Replayed': {
    description:
      '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`, repeated ' +
      'byte for byte (only `X-Request-Id` is new); absent on a fresh answer.',
    schema: { type: string, enum: ['true'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: integer, minimum: 1 },
  },
  'RateLimit-Limit': rateLimitHeader(
    "The account's API allowance in units per period (IETF RateLimit header fields draft).",
  ),
  'RateLimit-Remaining': rateLimitHeader('Allowance units left in the current period, after this request.'),
  'RateLimit-Reset': rateLimitHeader('Seconds until the allowance period renews.'),
} satisfies Record<ResponseHeaderName, unknown>;

/** `headers` of a response: references to the named `components.headers` entries. */
export const responseHeaders = (...names: ResponseHeaderName[]): Record<string, { $ref: string }> =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The `RateLimit-*` headers the sends answer with (spending the API allowance). */
export const rateLimitHeaders = responseHeaders('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');

/** Registers `components.headers`, which every response refers to; called once with the document route. */
export function registerResponseHeaders(registry: OpenAPIHono['openAPIRegistry']): void {
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent('headers', name, header);
}

/** A response with a JSON body: how most routes answer. The schema's type reaches the handler's `c.json`. */
export const jsonResponse = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body: what `c.req.valid('json')` then returns. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true as const,
  content: { 'application/json': { schema } },
});

/** An error response in the `{error, message}` shape (or a route's own error schema), with its headers. */
export const errorResponseFor = (
  description: string,
  options: { schema?: z.ZodType; headers?: ResponseHeaderName[] } = {},
) => ({
  description,
  content: { 'application/json': { schema: options.schema ?? ErrorResponseSchema } },
  ...(options.headers?.length ? { headers: responseHeaders(...options.headers) } : {}),
});

/**
 * The error responses many routes share. `apiRoute` adds 500 and 503 (the database out of reach) to every
 * route, 401 to bearer routes, 413 (and 400) to routes with a body and 400 to routes with path parameters or a
 * query; routes pick the others (429, and 503 for the job queue).
 */
export const commonErrors = {
  400: errorResponseFor('Validation failed or bad request. `message` names each problem by its path.'),
  401: errorResponseFor(
    'Missing, malformed, expired or revoked bearer access token. Carries `WWW-Authenticate: Bearer`.',
  ),
  413: errorResponseFor('`payload_too_large`: the request body is larger than the configured limit.'),
  /** Upload routes: the body limit leaves room for a whole MAX_FILE_BYTES PDF (http/body-limit.ts). */
  upload413: errorResponseFor(
    '`payload_too_large`: the request is larger than MAX_FILE_BYTES (default 50 MB) of PDFs plus 1 MB of form; ' +
      '`message` gives the limit in bytes.',
  ),
  429: errorResponseFor('Too many requests or the API allowance is exhausted; see `Retry-After`.', {
    headers: ['Retry-After'],
  }),
  500: errorResponseFor('Unexpected error; the body carries the request id, never internals.'),
  503: errorResponseFor(
    'Temporarily unavailable (for example the job queue is unreachable); retry after `Retry-After`.',
    { headers: ['Retry-After'] },
  ),
} as const;

/**
 * The `Idempotency-Key` header of the idempotent routes (added by `apiRoute`). Documented as a plain parameter,
 * not handed to the route's validators: the middleware checks it, and a header validator would copy every
 * header of every request into an object first.
 */
export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Optional, 1 to 255 printable ASCII characters, not starting or ending with a space (otherwise 400 ' +
    '`invalid_request`). The first final response to a key is stored for 24 hours; a retry with the same key ' +
    'and body gets it again byte for byte (with `Idempotent-Replayed: true`); the same key with another body ' +
    'answers 422 `idempotency_key_reused`; a retry while the first is running answers 409 ' +
    '`idempotency_in_progress`.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
  example: 'order-4711-send',
};

/** What about a route decides which shared responses it has. `apiRoute` reads them off the route itself. */
export interface RouteTraits {
  /** Needs the bearer access token or the member cookie: 401. */
  bearer: boolean;
  /** What `authorize` answers 403 for on this route (scope, test mode, members only), or empty. */
  authorized: string;
  /** A write on a route that also takes the web app's cookie: 403 when its CSRF checks fail. */
  cookieWrite: boolean;
  /** Takes a JSON or multipart body: 413 (body limit) and 400. */
  body: boolean;
  /** Has path parameters: 400 for an empty or too long one. */
  pathParams: boolean;
  /** Has a query schema: 400 for a query that fails it. */
  query: boolean;
  /** Runs the idempotency middleware: 400 (malformed key), 409, 422 and `Idempotent-Replayed`. */
  idempotent: boolean;
}

/**
 * What a trait adds at one status. `fallback` is used when the route does not declare the status; `note` is
 * appended to the description of the route's own response there (and to the fallback when `always`).
 */
interface Addition {
  fallback: ResponseObject;
  note?: string;
  always?: boolean;
  headers?: ResponseHeaderName[];
  /** False for the idempotency middleware's own answers: they come before anything is stored or replayed. */
  replayed?: boolean;
}

function additions(traits: RouteTraits): [status: string, Addition][] {
  const out: [string, Addition][] = [
    ['500', { fallback: commonErrors[500] }],
    [
      '503',
      {
        fallback: commonErrors[503],
        note: '`service_unavailable` also while the database is out of reach (a restart); retry after `Retry-After`.',
        always: true,
        headers: ['Retry-After'],
      },
    ],
  ];
  if (traits.bearer) out.push(['401', { fallback: commonErrors[401] }]);
  if (traits.authorized) {
    out.push([
      '403',
      {
        fallback: errorResponseFor('', { schema: AccessErrorResponseSchema }),
        note: traits.authorized,
        always: true,
        // Decided before the idempotency middleware runs: never stored, never replayed.
        replayed: false,
      },
    ]);
  }
  if (traits.cookieWrite) {
    out.push([
      '403',
      {
        fallback: errorResponseFor(''),
        note:
          '`forbidden` also for the session cookie without the `X-CSRF-Token` header (or a wrong one), or from ' +
          'another origin.',
        always: true,
        // The cookie is checked before the idempotency middleware runs: never stored, never replayed.
        replayed: false,
      },
    ]);
  }
  if (traits.body) {
    out.push(['400', { fallback: commonErrors[400] }], ['413', { fallback: commonErrors[413] }]);
  }
  if (traits.query) out.push(['400', { fallback: commonErrors[400] }]);
  if (traits.pathParams) {
    out.push([
      '400',
      {
        fallback: commonErrors[400],
        note: '`invalid_request` also when a path parameter is empty or too long (`message` names it).',
      },
    ]);
  }
  if (traits.idempotent) {
    out.push(
      [
        '400',
        {
          fallback: commonErrors[400],
          note: '`invalid_request` also for a malformed `Idempotency-Key`.',
          always: true,
          replayed: false,
        },
      ],
      [
        '409',
        {
          fallback: errorResponseFor(''),
          note:
            '`idempotency_in_progress`: a request with the same `Idempotency-Key` is still being processed; ' +
            'retry after `Retry-After`.',
          always: true,
          headers: ['Retry-After'],
          replayed: false,
        },
      ],
      [
        '422',
        {
          fallback: errorResponseFor(''),
          note: '`idempotency_key_reused`: the `Idempotency-Key` was already used with a different request body.',
          always: true,
          replayed: false,
        },
      ],
    );
  }
  return out;
}

/** Statuses the idempotency middleware stores and replays: final answers, not 401/429/5xx; 413 comes first. */
const replayableStatus = (status: string) => {
  const code = Number(status);
  return code < 500 && code !== 401 && code !== 413 && code !== 429;
};

/**
 * The route's own `responses` plus the shared ones its traits imply. A status the route declares keeps its
 * description, body schema and headers; notes about the shared causes are appended to the description.
 * Every response gets `X-Request-Id`, and on idempotent routes every replayable one `Idempotent-Replayed`.
 */
export function withCommonResponses(responses: Responses, traits: RouteTraits): Responses {
  type Entry = { response: ResponseObject; own: boolean; notes: string[]; replayed: boolean };
  const merged = new Map<string, Entry>();
  const headersOf = new Map<string, ResponseHeaderName[]>();
  for (const [status, response] of Object.entries(responses)) {
    if ('$ref' in response) throw new Error(`response ${status}: declare it inline, not as a $ref`);
    const own = !Object.values(commonErrors).some((common) => common === response);
    merged.set(status, { response, own, notes: [], replayed: replayableStatus(status) });
  }
  for (const [status, addition] of additions(traits)) {
    let entry = merged.get(status);
    if (!entry) {
      entry = { response: addition.fallback, own: false, notes: [], replayed: false };
      merged.set(status, entry);
    }
    if (!entry.own) entry.replayed ||= (addition.replayed ?? true) && replayableStatus(status);
    if (addition.note && (entry.own || addition.always) && !entry.notes.includes(addition.note)) {
      entry.notes.push(addition.note);
    }
    headersOf.set(status, [...(headersOf.get(status) ?? []), ...(addition.headers ?? [])]);
  }

  const out: Responses = {};
  for (const [status, { response, notes, replayed }] of merged) {
    const declared = response.headers;
    if (declared !== undefined && '_zod' in declared) {
      throw new Error(`response ${status}: declare headers as an OpenAPI headers object, not a zod object`);
    }
    const names: ResponseHeaderName[] = ['X-Request-Id', ...(headersOf.get(status) ?? [])];
    if (traits.idempotent && replayed) names.push('Idempotent-Replayed');
    const description = [response.description, ...notes].filter(Boolean).join(' ');
    out[status] = {
      ...response,
      description,
      // The route's own definition of a header wins.
      headers: { ...responseHeaders(...names), ...declared },
    };
  }
  return out;
}

const middlewareOf = (config: Pick<RouteConfig, 'middleware'>) =>
  config.middleware === undefined ? [] : [config.middleware].flat();

/** The document's word on who may call: `security` (scopes as OpenAPI 3.1 allows for any scheme). */
function securityOf(access: RouteAccess, declared: RouteConfig['security']): RouteConfig['security'] {
  if (declared !== undefined) return declared;
  if (access.caller === 'anyone') return [];
  if (access.caller === 'member') return [{ cookieAuth: [] }];
  if (access.caller !== 'account') return declared;
  const scopes = access.scope === null ? [] : [access.scope];
  return [{ bearerAuth: scopes }, { cookieAuth: scopes }];
}

/** The 403 `authorize` gives on a route, in words, or '' where it gives none. */
function refusals(access: RouteAccess): string {
  if (access.caller === 'member')
    return '`forbidden` also for a bearer token: this route is for a signed-in member (cookie).';
  if (access.caller !== 'account') return '';
  return [
    access.scope === null
      ? ''
      : `\`insufficient_scope\` when the caller lacks \`${access.scope}\` (a member who is not an owner lacks \`account:admin\`).`,
    access.live ? '`forbidden` for a test token: it cannot administer the account.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * `createRoute` for every route of the API: the shared responses are derived from the route (no `security`:
 * bearer; a request body; path parameters; a query; the idempotency middleware, which also brings the
 * `Idempotency-Key` parameter), so a route cannot forget them. Request schemas and middleware are passed on
 * untouched. The handler's typed responses stay the ones the route declares: the shared ones are answered by
 * middleware and the error handler, never returned by a handler.
 */
export function apiRoute<
  P extends string,
  R extends Omit<RouteConfig, 'path'> & { path: P; access: RouteAccess },
>(config: R) {
  const { access, ...route } = config;
  const signedIn = access.caller === 'account' || access.caller === 'member';
  const traits: RouteTraits = {
    bearer: signedIn,
    authorized: refusals(access),
    cookieWrite: signedIn && !['get', 'head', 'options'].includes(config.method),
    body: config.request?.body !== undefined,
    pathParams: config.request?.params !== undefined || /\{[^}]+\}/.test(config.path),
    query: config.request?.query !== undefined,
    idempotent: middlewareOf(config).includes(idempotency),
  };
  return createRoute({
    ...route,
    security: securityOf(access, config.security),
    'x-countersign-access': access,
    ...(signedIn ? { middleware: [authorize(access), ...middlewareOf(config)] } : {}),
    ...(traits.idempotent ? { parameters: [...(config.parameters ?? []), idempotencyKeyParameter] } : {}),
    responses: withCommonResponses(config.responses, traits),
  } as unknown as Omit<R, 'access'>);
}
