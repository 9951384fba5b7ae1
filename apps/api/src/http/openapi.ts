import { ErrorResponseSchema } from '@countersign/schemas';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});

/** The error responses every integration route shares, spread into each `createRoute`. */
export const commonErrors = {
  400: error('Validation failed or bad request. `message` names each problem by its path.'),
  401: error(
    'Missing, malformed, expired or revoked bearer access token. Carries `WWW-Authenticate: Bearer`.',
  ),
  413: error('The request body is larger than the configured limit.'),
  429: error('Too many requests or the API allowance is exhausted; see `Retry-After`.'),
  500: error('Unexpected error; the body carries the request id, never internals.'),
  503: error('Temporarily unavailable (for example the job queue is unreachable); retry later.'),
} as const;

export const errorResponseFor = error;
