import { createHash } from 'node:crypto';
import {
  beginIdempotent,
  completeIdempotent,
  isDomainError,
  isStorageUnavailable,
  releaseIdempotent,
  type ServiceContext,
  sendJobKey,
  storedIdempotencyKey,
} from '@countersign/core';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/** 1 to 255 printable ASCII characters (the IETF Idempotency-Key draft's practical subset). */
const KEY = /^[\x21-\x7e][\x20-\x7e]{0,253}[\x21-\x7e]$|^[\x21-\x7e]$/;
/** The rule above as a pattern string: the OpenAPI document shows exactly what the middleware accepts. */
export const IDEMPOTENCY_KEY_PATTERN = KEY.source;

/** Answers worth replaying: successes and final client errors; not 401/429/5xx, which a retry may change. */
const isFinal = (status: number) => status < 500 && status !== 401 && status !== 429;

/** Headers a replay repeats; the request id is the replay's own. */
const KEPT_HEADERS = ['content-type', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

/**
 * `Idempotency-Key` on the send and cancel endpoints: the first final response is stored per account, mode
 * (test or live) and key for 24 hours and replayed byte for byte with `Idempotent-Replayed: true`. The key also names the send
 * job, so a retry after a timeout attaches to the job that is still running instead of starting another.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const presented = c.req.header('idempotency-key');
  if (presented === undefined) return next();
  if (!KEY.test(presented)) {
    return errorResponse(c, 'invalid_request', 'Idempotency-Key must be 1 to 255 printable ASCII characters');
  }
  // Keys are kept per mode: a test send and a live send with one key are two requests. A header cannot hold
  // a line feed, so the test prefix cannot meet a live key.
  const key = storedIdempotencyKey(presented, c.get('testMode') === true);
  const { runtime, config } = c.get('deps');
  const body = await c.req.text();
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    .update(body)
    .digest('hex');
  const lockMs = config.sendTimeoutMs + 30_000;
  const start = await beginIdempotent(runtime.ctx, c.get('accountId'), key, requestHash, lockMs);
  if (start.kind === 'replay') {
    const { status, headers, body: stored } = start.response;
    return new Response(stored, {
      status,
      headers: { ...headers, 'Idempotent-Replayed': 'true', 'X-Request-Id': c.get('requestId') },
    });
  }
  // The claim, not just the key, names the job: a key used again after it expired must not find the old job.
  c.set('jobKey', sendJobKey(c.get('accountId'), key, start.claimedAt));
  try {
    await next();
  } catch (err) {
    await release(runtime.ctx, c.get('accountId'), key, lockMs).catch(() => {});
    throw err;
  }
  const status = c.res.status;
  if (!isFinal(status)) {
    // A domain error (429 allowance, 502 drive) ended the job before it created anything: the retry may run
    // as a new job, and must, since the queue would hand it this job's answer again. After a timeout, a queue
    // outage or a failure the job may still run or may have committed: the retry attaches to that same job
    // (which runs again if it had failed: jobs are idempotent per name).
    if (isDomainError(c.error))
      await releaseIdempotent(runtime.ctx, c.get('accountId'), key, { newJob: true });
    else await release(runtime.ctx, c.get('accountId'), key, lockMs);
    return;
  }
  const text = await c.res.clone().text();
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = c.res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await completeIdempotent(runtime.ctx, c.get('accountId'), key, { status, headers, body: text });
};

const RELEASE_RETRY_MS = 1_000;

/**
 * Releases a claim for the same job (see releaseIdempotent). While the database is out of reach the release
 * keeps being tried in the background, until the claim would have lapsed anyway: the caller's retry after an
 * outage then takes the claim over at once instead of meeting 409 for the whole lock.
 */
async function release(ctx: ServiceContext, accountId: string, key: string, lockMs: number): Promise<void> {
  const attempt = () => releaseIdempotent(ctx, accountId, key);
  try {
    await attempt();
  } catch (err) {
    if (!isStorageUnavailable(err)) throw err;
    const deadline = Date.now() + lockMs;
    const again = () => {
      attempt().catch(() => {
        if (Date.now() < deadline) setTimeout(again, RELEASE_RETRY_MS).unref();
      });
    };
    setTimeout(again, RELEASE_RETRY_MS).unref();
  }
}
