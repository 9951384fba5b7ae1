import { type SendJobResult, type SendOutcome, unwrapSend } from '@countersign/core';
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
