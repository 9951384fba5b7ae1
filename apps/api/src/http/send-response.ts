import { type SendJobResult, unwrapSend } from '@countersign/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env.ts';

/** Maps a send job's result onto the response: the outcome's status, body and headers, or the error mapper. */
export function sendResponse(c: Context<AppEnv>, result: SendJobResult): Response {
  const outcome = unwrapSend(c.get('deps').runtime.ctx, result);
  for (const [name, value] of Object.entries(outcome.headers ?? {})) c.header(name, value);
  return c.json(outcome.body as object, outcome.status as ContentfulStatusCode);
}
