/**
 * The one error type of the domain. Services throw it with a machine-readable code; the API turns the code
 * into a status through the single code->status map of @countersign/schemas, so no handler picks numbers.
 */
import type { ErrorCode } from '@countersign/schemas';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra body fields the spec allows next to `error` and `message` (e.g. cloudFileId). */
    readonly details: Record<string, unknown> = {},
    /** Response headers that belong to the error (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const isDomainError = (err: unknown): err is DomainError => err instanceof DomainError;
