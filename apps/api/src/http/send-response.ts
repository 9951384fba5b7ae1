import { type SendJobResult, type SendOutcome, unwrapSend } from '@countersign/core';
import type { JobDefinition } from '@countersign/queue';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * A send job's outcome (`O`, the one its job writes) with its extra headers already set on the response, or the
 * job's domain error thrown again for the error mapper. The route answers `c.json(outcome.body, outcome.status)`.
 */
export function sendOutcome<O extends SendOutcome>(c: Context<AppEnv>, result: SendJobResult): O {
  const outcome = unwrapSend<O>(c.get('deps').runtime.ctx, result);
  for (const [name, value] of Object.entries(outcome.headers ?? {})) c.header(name, value);
  return outcome;
}

/**
 * Runs a send route's job for the caller (their account and test mode) and waits for its outcome, as
 * `sendOutcome`. The job is named by the id the idempotency middleware set (none without an `Idempotency-Key`).
 */
export async function runSend<O extends SendOutcome>(
  c: Context<AppEnv>,
  job: JobDefinition,
  request: unknown,
): Promise<O> {
  const { queue, config } = c.get('deps');
  const result = await queue.run<SendJobResult>(
    job,
    { accountId: c.get('accountId'), request, test: c.get('testMode') === true },
    { timeoutMs: config.sendTimeoutMs, jobId: c.get('jobKey') },
  );
  return sendOutcome<O>(c, result);
}
