import type { ErrorCode } from '@countersign/schemas';
import type { ServiceContext } from '../context.ts';
import { DomainError, isDomainError } from '../support/errors.ts';
import { decryptSendOutcome, encryptSendOutcome, type SendOutcome } from './send-results.ts';

/**
 * What crosses the queue from a send job: the outcome, or the domain error that ended it. Domain errors are
 * answers, not failures, so the queue never retries them; only unexpected errors are thrown (and retried).
 * The outcome holds signing links and BullMQ keeps a job's result in Redis for an hour, so it crosses encrypted
 * with the data key, like the stored send result; the API, on the same DATA_DIR, decrypts it.
 */
export type SendJobResult =
  | { ok: true; encryptedOutcome: string }
  /** As a worker before the rename wrote it: read during a rolling upgrade (results live an hour). */
  | { ok: true; sealedOutcome: string }
  | {
      ok: false;
      error: {
        code: ErrorCode;
        message: string;
        details: Record<string, unknown>;
        headers: Record<string, string>;
      };
    };

export async function runSend(ctx: ServiceContext, fn: () => Promise<SendOutcome>): Promise<SendJobResult> {
  try {
    return { ok: true, encryptedOutcome: encryptSendOutcome(ctx, await fn()) };
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return {
      ok: false,
      error: { code: err.code, message: err.message, details: err.details, headers: err.headers },
    };
  }
}

/**
 * The API side: the outcome, or the domain error thrown again so the one error mapper answers it. The caller
 * names the outcome its job writes (a result crosses the queue as JSON, which carries no type).
 */
export function unwrapSend<O extends SendOutcome = SendOutcome>(
  ctx: ServiceContext,
  result: SendJobResult,
): O {
  if (result.ok)
    return decryptSendOutcome<O>(
      ctx,
      'encryptedOutcome' in result ? result.encryptedOutcome : result.sealedOutcome,
    );
  const { code, message, details, headers } = result.error;
  throw new DomainError(code, message, details, headers);
}
