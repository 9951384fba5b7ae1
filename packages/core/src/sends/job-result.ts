import { type ErrorCode, readJsonBody } from '@countersign/schemas';
import type { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { DomainError, isDomainError } from '../support/errors.ts';
import { decryptSendOutcome, type SendOutcome } from './send-results.ts';

/**
 * What crosses the queue from a send job: the answer, or the domain error that ended it. Domain errors are
 * answers, not failures, so the queue never retries them; only unexpected errors are thrown (and retried).
 * The body holds signing links and BullMQ keeps a job's result in Redis for an hour, so it crosses encrypted
 * with the data key, like the stored send result. It crosses as the JSON the API answers with: the thread that
 * serves requests decrypts it to bytes and writes them, parsing and decoding nothing (a 10,000-entry answer is
 * 2 MB).
 */
export type SendJobResult =
  | { ok: true; status: number; headers: Record<string, string>; encryptedBody: string }
  /** The whole outcome, as a worker before 2026-11-27 wrote it: still read after an upgrade (results live an hour). */
  | { ok: true; encryptedOutcome: string }
  /** As a worker before the rename wrote it. */
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

/** A send job's payload: the body's text as received, or (queued by an older API) the validated body. */
type SendPayload = { body: string } | { request: unknown };

/**
 * The send's request, validated here against its schema: a body that fails it is a 400 answer (`invalid_request`,
 * each problem named by its path, as the route validators word it), not a failed job.
 */
export function readSendRequest<S extends z.ZodType>(schema: S, payload: SendPayload): z.output<S> {
  const read =
    'body' in payload
      ? readJsonBody(schema, payload.body)
      : readJsonBody(schema, JSON.stringify(payload.request ?? null));
  if (!read.success) throw new DomainError('invalid_request', read.message);
  return read.data;
}

export async function runSend(ctx: ServiceContext, fn: () => Promise<SendOutcome>): Promise<SendJobResult> {
  try {
    const { status, headers = {}, body } = await fn();
    return { ok: true, status, headers, encryptedBody: ctx.secrets.dataKey.encrypt(JSON.stringify(body)) };
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return {
      ok: false,
      error: { code: err.code, message: err.message, details: err.details, headers: err.headers },
    };
  }
}

/** A send's answer as the API returns it: the status, extra headers and the body's JSON, UTF-8 encoded. */
export interface SendAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

/** The API side: the answer, or the job's domain error thrown again so the one error mapper answers it. */
export function openSendResult(ctx: ServiceContext, result: SendJobResult): SendAnswer {
  if (!result.ok) {
    const { code, message, details, headers } = result.error;
    throw new DomainError(code, message, details, headers);
  }
  if ('encryptedBody' in result)
    return {
      status: result.status,
      headers: result.headers,
      body: ctx.secrets.dataKey.decryptBytes(result.encryptedBody),
    };
  const outcome = decryptSendOutcome(
    ctx,
    'encryptedOutcome' in result ? result.encryptedOutcome : result.sealedOutcome,
  );
  const body = Buffer.from(JSON.stringify(outcome.body));
  return { status: outcome.status, headers: outcome.headers ?? {}, body };
}

/** The outcome as an object, for callers that read it (the web app's test send); `O` names the send's kind. */
export function unwrapSend<O extends SendOutcome = SendOutcome>(
  ctx: ServiceContext,
  result: SendJobResult,
): O {
  const { status, headers, body } = openSendResult(ctx, result);
  return { status, headers, body: JSON.parse(Buffer.from(body).toString('utf8')) } as O;
}
