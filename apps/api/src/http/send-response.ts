import { openSendResult, type SendJobResult, type SendOutcome, unwrapSend } from '@countersign/core';
import type { JobDefinition } from '@countersign/queue';
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env.ts';
import { JSON_TYPE } from './utf8-body.ts';

/**
 * Registers a send route (POST /api/templates/send, /api/sessions/send). Its job reads and validates the JSON
 * body (readSendRequest) and writes the answer's JSON; this thread hands it the body's text and writes the
 * answer's decrypted bytes as they are. A 10,000-entry
 * send's body is 2 MB: parsing, validating and cloning it here, and parsing and writing its answer, took about
 * 150 ms of the thread that serves every other request. The OpenAPI document shows the route as declared,
 * body schema included, and a body that fails it is answered 400 exactly as the route validators would.
 */
export function registerSendRoute(app: OpenAPIHono<AppEnv>, route: RouteConfig, job: JobDefinition): void {
  const { middleware: _middleware, hide: _hide, ...documented } = route;
  app.openAPIRegistry.registerPath(documented);
  const { request: _request, ...served } = route;
  app.openapi({ ...served, hide: true }, (c) => answerSend(c, job));
}

async function answerSend(c: Context<AppEnv>, job: JobDefinition): Promise<Response> {
  // The route validators' gate: anything but JSON is refused before the job (handleError words it).
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) throw new HTTPException(415);
  const { queue, config, runtime } = c.get('deps');
  const principal = c.get('principal');
  const result = await queue.run<SendJobResult>(
    job,
    {
      accountId: c.get('accountId'),
      body: await c.req.text(),
      test: c.get('testMode') === true,
      // Sent from the web app: that member is told when each session completes or is declined.
      ...(principal.kind === 'member' ? { sentBy: principal.member.memberId } : {}),
    },
    // Named by the id the idempotency middleware set (none without an `Idempotency-Key`).
    { timeoutMs: config.sendTimeoutMs, jobId: c.get('jobKey') },
  );
  const answer = openSendResult(runtime.ctx, result);
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  return c.body(answer.body, answer.status as ContentfulStatusCode, { 'content-type': 'application/json' });
}

/**
 * A send job's outcome (`O`, the one its job writes) as an object, with its extra headers already set on the
 * response, or the job's domain error thrown again for the error mapper (a send made for the web app).
 */
export function sendOutcome<O extends SendOutcome>(c: Context<AppEnv>, result: SendJobResult): O {
  const outcome = unwrapSend<O>(c.get('deps').runtime.ctx, result);
  for (const [name, value] of Object.entries(outcome.headers ?? {})) c.header(name, value);
  return outcome;
}
