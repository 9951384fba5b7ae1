import type Database from 'better-sqlite3';

/**
 * Waiting for another process's write lock, at a finer grain than SQLite's own busy handler.
 *
 * SQLite's handler sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50 then 100 ms between attempts. Our writers
 * hold the lock briefly and often (a bulk send commits a chunk of rows, pauses 1 ms, commits the next), so a
 * waiter on that schedule keeps sleeping through the gaps and waits many times longer than any one
 * transaction held the lock, with its process's event loop stopped all along. Here the connection's
 * busy_timeout is 0 and a busy BEGIN or statement is retried every 0.1 ms for the first 10 ms, then every
 * millisecond, until `timeoutMs` has passed.
 *
 * What is retried: BEGIN of a transaction (nothing of the transaction has run yet) and a statement run
 * outside any transaction (autocommit: it either happened or not). A statement inside a transaction is never
 * retried, and needs not be: every transaction begins IMMEDIATE, so it holds the lock before its first statement.
 * (Reads need no transaction to be safe from writers: in WAL each one sees a consistent snapshot.)
 */
export function waitWhenBusy(sqlite: Database.Database, timeoutMs: number, onWait?: BusyWaitObserver): void {
  sqlite.pragma('busy_timeout = 0');
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    retryStatement(sqlite, statement, timeoutMs, onWait);
    return statement;
  }) as typeof sqlite.prepare;
  const transaction = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn: (...args: unknown[]) => unknown) => {
    let began = false;
    const inner = transaction(function (this: unknown, ...args: unknown[]) {
      began = true;
      return fn.apply(this, args);
    });
    const retrying = (variant: (...args: unknown[]) => unknown) =>
      function (this: unknown, ...args: unknown[]) {
        // A nested call takes a savepoint: there is no lock left to wait for.
        if (sqlite.inTransaction) return variant.apply(this, args);
        return untilFree(
          timeoutMs,
          () => {
            began = false;
            return variant.apply(this, args);
          },
          () => !began,
          undefined,
          onWait,
        );
      };
    // Every transaction is IMMEDIATE, whatever it asked for (drizzle asks for DEFERRED by default): a deferred
    // one would meet another process's lock at its first write, in the middle, where it cannot wait.
    const immediate = retrying(inner.immediate);
    return Object.assign(immediate, {
      default: immediate,
      deferred: immediate,
      immediate,
      exclusive: retrying(inner.exclusive),
      database: sqlite,
    });
  }) as unknown as typeof sqlite.transaction;
}

/** Wraps a statement's run/get/all so an autocommit call waits for the lock like a BEGIN does. */
function retryStatement(
  sqlite: Database.Database,
  statement: Database.Statement,
  timeoutMs: number,
  onWait: BusyWaitObserver | undefined,
): void {
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statement[method] as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      try {
        return original.apply(this, args);
      } catch (err) {
        if (!isBusy(err) || sqlite.inTransaction) throw err;
        return untilFree(
          timeoutMs,
          () => original.apply(this, args),
          () => true,
          err,
          onWait,
        );
      }
    };
  }
}

const isBusy = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
};

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `attempt` until it does not fail busy (or `retryable` says no, or time is up), sleeping in between;
 * `failed` is the busy error of an attempt already made, so the first thing to do is sleep.
 */
function untilFree<T>(
  timeoutMs: number,
  attempt: () => T,
  retryable: () => boolean,
  failed?: unknown,
  onWait?: BusyWaitObserver,
): T {
  const start = performance.now();
  let err = failed;
  for (;;) {
    if (err !== undefined) {
      const waited = performance.now() - start;
      if (!isBusy(err) || !retryable() || waited >= timeoutMs) {
        if (isBusy(err) && waited > 0) onWait?.(waited, 'timed_out');
        throw err;
      }
      Atomics.wait(sleeper, 0, 0, waited < 10 ? 0.1 : 1);
    }
    try {
      const result = attempt();
      if (err !== undefined) onWait?.(performance.now() - start, 'acquired');
      return result;
    } catch (caught) {
      err = caught;
    }
  }
}

/** Told of every wait for the write lock (metrics): how long, and whether the lock came. */
export type BusyWaitObserver = (waitedMs: number, outcome: 'acquired' | 'timed_out') => void;
