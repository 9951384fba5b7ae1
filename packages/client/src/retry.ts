/** How the client retries 429, 503 and 409 `idempotency_in_progress`. */
export interface RetryOptions {
  /** Retries after the first attempt (default 4). 0 turns retrying off. */
  maxRetries?: number;
  /** First back-off when the answer has no Retry-After; doubles per retry, with jitter (default 500 ms). */
  baseDelayMs?: number;
  /** The longest wait the client accepts: a longer Retry-After (an exhausted daily allowance) is thrown
   *  to the caller at once rather than slept through (default 60 s). */
  maxDelayMs?: number;
}

/** What `onRetry` is told before each wait. */
export interface RetryEvent {
  method: string;
  path: string;
  /** 1 for the first retry. */
  attempt: number;
  status: number;
  delayMs: number;
  /** The Retry-After the server sent, in seconds, when it sent one. */
  retryAfterSeconds: number | null;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 60_000 };

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Exponential back-off with equal jitter: a random 50-100 % of base x 2^(attempt-1), capped. */
export function backoffDelay(attempt: number, options: Required<RetryOptions>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
