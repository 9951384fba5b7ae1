import type { RetryPolicy } from '../outbox/dispatcher.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../support/clock.ts';

/** Each attempt: connect, send, and the answer's headers and first bytes, all within this (spec: 10 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** After a rotation the old secret keeps signing (a second signature) this long. */
export const SECRET_GRACE_MS = DAY_MS;

/**
 * Retries: the wait after failed attempt n is a random 50-100 % of min(8 h, 1 min x 2^(n-1)), so
 * 1, 2, 4, 8, 16, 32 min, 1 h 04, 2 h 08, 4 h 16, then 8 h ceilings. A delivery is given up at its
 * first failure 3 days (GIVE_UP_AFTER_MS) after it was queued; maxAttempts is only a backstop,
 * high enough that even the shortest jitter draws reach those 3 days.
 */
export const WEBHOOK_RETRY: RetryPolicy = {
  maxAttempts: 30,
  baseDelayMs: MINUTE_MS,
  maxDelayMs: 8 * HOUR_MS,
};

/** A delivery failing this long after it was queued is not retried again. */
export const GIVE_UP_AFTER_MS = 3 * DAY_MS;

/** An endpoint whose every attempt failed for longer than this is disabled (its failing streak). */
export const DISABLE_AFTER_FAILING_MS = 3 * DAY_MS;

/** Endpoints per account: each one multiplies every event's deliveries. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;

/** How much of a failed answer's body is kept in the delivery log. */
export const ERROR_SNIPPET_CHARS = 300;
