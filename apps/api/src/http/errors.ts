import { isDomainError, isStorageUnavailable } from '@countersign/core';
import {
  JobFailedError,
  JobTimeoutError,
  JobUnavailableError,
  QueueUnavailableError,
} from '@countersign/queue';
import { describeIssues, type ErrorCode, errorStatus, JSON_BODY_REQUIRED } from '@countersign/schemas';
import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env.ts';

/** The one body shape of every error response: `{error, message, ...details}` (spec parts 4 and 7). */
export function errorResponse(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (code === 'unauthorized')
    c.header('WWW-Authenticate', 'Bearer realm="countersign", error="invalid_token"');
  return c.json({ error: code, message, ...details }, errorStatus[code] as ContentfulStatusCode);
}

/** `defaultHook` of every OpenAPIHono: a failed schema becomes 400 with each problem named by its path. */
export function validationHook(
  result: { success: boolean; error?: z.ZodError },
  c: Context<AppEnv>,
): Response | undefined {
  if (result.success || !result.error) return undefined;
  return errorResponse(c, 'invalid_request', describeIssues(result.error));
}

/** `app.onError`: domain errors keep their code; anything unexpected is logged and answered without internals. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (isDomainError(err)) return errorResponse(c, err.code, err.message, err.details, err.headers);
  if (
    err instanceof QueueUnavailableError ||
    err instanceof JobUnavailableError ||
    isStorageUnavailable(err)
  ) {
    return errorResponse(
      c,
      'service_unavailable',
      'the service is temporarily unavailable; retry shortly',
      {},
      {
        'Retry-After': '5',
      },
    );
  }
  if (err instanceof JobTimeoutError) {
    return errorResponse(
      c,
      'send_timeout',
      'the request is still being processed; retry with the same Idempotency-Key to get its result',
      {},
      {
        'Retry-After': '10',
      },
    );
  }
  if (err instanceof HTTPException) {
    if (err.status === 413) return errorResponse(c, 'payload_too_large', 'the request body is too large');
    if (err.status === 415 || err.status === 400) {
      return errorResponse(c, 'invalid_request', JSON_BODY_REQUIRED);
    }
  }
  const log = c.get('deps')?.logger;
  log?.error(
    { err, requestId: c.get('requestId'), cause: err instanceof JobFailedError ? err.cause : undefined },
    'unhandled error',
  );
  return errorResponse(c, 'internal_error', `an internal error occurred (request ${c.get('requestId')})`);
}
