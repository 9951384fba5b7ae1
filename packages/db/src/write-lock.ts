import type { Db } from './open.ts';

/** How long a caller waits for the write lock in all, as a blocked call would (busy_timeout). */
const WAIT_LIMIT_MS = 10_000;

/** The connection's own busy_timeout, read once: it is restored after every try. */
const configured = new WeakMap<Db, number>();

const isBusy = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SQLITE_BUSY';

/**
 * Runs `work`, a synchronous unit that takes SQLite's write lock with `BEGIN IMMEDIATE`, without letting the
 * wait for that lock stall the event loop. A lock held by another process (a worker committing a chunk of a
 * bulk send) would otherwise make better-sqlite3 sleep on this thread, and every request of the process with
 * it. Here the lock is tried at busy_timeout 0 and a busy answer is retried after a short async pause; only
 * the last try, at the deadline, waits the blocking way.
 *
 * `work` must be safe to run again after SQLITE_BUSY: it may read before its transaction, but must not commit
 * anything before the transaction that takes the lock.
 */
export async function withoutBlocking<T>(db: Db, work: () => T): Promise<T> {
  const sqlite = db.$client;
  let blocking = configured.get(db);
  if (blocking === undefined) {
    blocking = sqlite.pragma('busy_timeout', { simple: true }) as number;
    configured.set(db, blocking);
  }
  const deadline = Date.now() + Math.min(blocking, WAIT_LIMIT_MS);
  for (let pause = 1; Date.now() < deadline; pause = Math.min(pause * 2, 16)) {
    // pragma(), not a cached statement: SQLite applies busy_timeout when the PRAGMA is compiled, not when run.
    sqlite.pragma('busy_timeout = 0');
    try {
      return work();
    } catch (err) {
      if (!isBusy(err)) throw err;
    } finally {
      sqlite.pragma(`busy_timeout = ${blocking}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return work();
}
