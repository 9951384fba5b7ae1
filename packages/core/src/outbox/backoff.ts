/**
 * Exponential backoff with equal jitter: the ceiling is `baseMs` for attempt 1 and doubles with each later
 * attempt, capped at `maxMs`; the wait is drawn between half the ceiling and the whole of it. The jitter spreads
 * retries of many rows that failed together; the fixed half keeps every wait at least half the ceiling (the
 * retry schedule's minimum, which the webhook policy relies on).
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
