import { DomainError, isDomainError } from '../support/errors.ts';
import type { SendOutcome } from './send-results.ts';

/**
 * What crosses the queue from a send job: the outcome, or the domain error that ended it. Domain errors are
 * answers, not failures, so the queue never retries them; only unexpected errors are thrown (and retried).
 */
export type SendJobResult =
  | { ok: true; outcome: SendOutcome }
  | {
      ok: false;
      error: {
        code: string;
        message: string;
        details: Record<string, unknown>;
        headers: Record<string, string>;
      };
    };

export async function runSend(fn: () => Promise<SendOutcome>): Promise<SendJobResult> {
  try {
    return { ok: true, outcome: await fn() };
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return {
      ok: false,
      error: { code: err.code, message: err.message, details: err.details, headers: err.headers },
    };
  }
}

/** The API side: the outcome, or the domain error thrown again so the one error mapper answers it. */
export function unwrapSend(result: SendJobResult): SendOutcome {
  if (result.ok) return result.outcome;
  const { code, message, details, headers } = result.error;
  throw new DomainError(code, message, details, headers);
}
