/**
 * Waiting for another process's write lock, at a finer grain than SQLite's own busy handler, and without
 * stopping the event loop.
 *
 * SQLite's handler sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50 then 100 ms between attempts. Our writers
 * hold the lock briefly and often (a bulk send commits a chunk of rows, pauses, commits the next), so a waiter
 * on that schedule keeps sleeping through the gaps and waits many times longer than any one transaction held
 * the lock. Here the connection's busy_timeout is 0 and a busy BEGIN or autocommit statement is tried again at
 * the next turn of the event loop (setImmediate: as soon as possible, other requests served in between) for
 * the first 10 ms, then every millisecond (a timer), until `timeoutMs` has passed.
 */
export async function untilFree<T>(
  attempt: () => T,
  timeoutMs: number,
  onWait: BusyWaitObserver | undefined,
): Promise<T> {
  const start = performance.now();
  for (;;) {
    const waited = performance.now() - start;
    await (waited < 10 ? nextTurn() : sleep(1));
    try {
      const result = attempt();
      onWait?.(performance.now() - start, 'acquired');
      return result;
    } catch (err) {
      if (!isBusy(err)) throw err;
      if (performance.now() - start >= timeoutMs) {
        onWait?.(performance.now() - start, 'timed_out');
        throw err;
      }
    }
  }
}

export const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Told of every wait for the write lock (metrics): how long, and whether the lock came. */
export type BusyWaitObserver = (waitedMs: number, outcome: 'acquired' | 'timed_out') => void;
