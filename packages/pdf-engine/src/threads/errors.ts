/**
 * Errors across a thread boundary. Structured cloning keeps only the message (and the name of built-in
 * errors), so a worker sends the fields callers match on and the pool rebuilds the same kind of error:
 * a PdfEngineError keeps its class, code, message and reason; built-in errors keep their class.
 */
import { PdfEngineError, type PdfEngineErrorCode } from '../errors.ts';
import type { RejectReason } from '../inspect/types.ts';

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  reason?: RejectReason;
  cause?: SerializedError;
}

/** How deep a chain of causes is kept (the first link says what went wrong). */
const MAX_CAUSES = 4;

const BUILT_IN: Record<string, new (message: string) => Error> = {
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const out: SerializedError = { name: error.name, message: error.message };
  if (error.stack !== undefined) out.stack = error.stack;
  const { code, reason } = error as { code?: unknown; reason?: RejectReason };
  if (typeof code === 'string') out.code = code;
  if (reason !== undefined) out.reason = structuredClone(reason);
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export function reviveError(data: SerializedError): Error {
  const cause = data.cause ? reviveError(data.cause) : undefined;
  let error: Error;
  if (data.name === 'PdfEngineError' && data.code) {
    error = new PdfEngineError(data.code as PdfEngineErrorCode, data.message, {
      cause,
      ...(data.reason !== undefined ? { reason: data.reason } : {}),
    });
  } else {
    const Ctor = BUILT_IN[data.name] ?? Error;
    error = new Ctor(data.message);
    if (cause !== undefined) error.cause = cause;
    if (error.name !== data.name)
      Object.defineProperty(error, 'name', { value: data.name, configurable: true });
    if (data.code !== undefined) (error as Error & { code?: string }).code = data.code;
  }
  // The worker's stack says where it failed; the caller's would only point at the pool.
  if (data.stack !== undefined) error.stack = data.stack;
  return error;
}
