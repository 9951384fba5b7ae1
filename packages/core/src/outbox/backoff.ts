/**
 * Exponential backoff with full jitter: attempt 1 waits about `baseMs`, each later attempt doubles,
 * capped at `maxMs`. Jitter spreads retries of many rows that failed together.
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
