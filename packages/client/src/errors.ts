import type { ErrorCode } from './types.ts';

/** The error body every API error carries (`{error, message?, ...details}`), details kept as sent. */
export type ApiErrorBody = { error: ErrorCode; message?: string } & Record<string, unknown>;

/**
 * The API answered with an error status. `code` is the spec's machine-readable `error`; branch on it, not on
 * `message`. `retryAfterSeconds` is set when the answer said when to come back (429, 503, 409 in progress).
 *
 * @example
 * try { await client.sessions.cancel({ sessionId }); }
 * catch (err) { if (err instanceof CountersignApiError && err.code === 'session_completed') keepTheSignedPdf(); }
 */
export class CountersignApiError extends Error {
  override readonly name = 'CountersignApiError';
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** The server's X-Request-Id: quote it when reporting a problem. */
    readonly requestId: string | null,
    readonly retryAfterSeconds: number | null,
  ) {
    super(`${status} ${body.error}${body.message ? `: ${body.message}` : ''}`);
    this.code = body.error;
  }
}

/** The answer was not what the document promises (no JSON error body): a proxy in the way, or a bug. */
export class CountersignResponseError extends Error {
  override readonly name = 'CountersignResponseError';
  constructor(
    readonly status: number,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

/** `err` is an API error, with `code` when given: `if (isApiError(err, 'template_not_found')) ...`. */
export function isApiError<C extends ErrorCode>(
  err: unknown,
  code?: C,
): err is CountersignApiError & { code: C } {
  return err instanceof CountersignApiError && (code === undefined || err.code === code);
}
