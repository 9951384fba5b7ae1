/** The write under way per key, per database (one map per process and database). */
const inFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Writes to one key (a session) from this process one at a time. A caller that finds a write under way waits for
 * it, then looks again, instead of opening a transaction that would only collide with it: on PostgreSQL a
 * SERIALIZABLE conflict and a retry, on SQLite a turn in the writer's queue. Two hundred retries of the same
 * cancel then cost one transaction, not two hundred. Across processes the database still decides.
 *
 * `look` answers without writing (the session is already final), or returns undefined when a write is needed.
 * `afterTheirs` answers a waiter whose write under way succeeded, without looking again (a cancel that
 * succeeded left the session final); a write that failed sends the waiter back to `look`.
 */
export async function oneWriterPerKey<T>(
  db: object,
  key: string,
  look: () => Promise<T | undefined>,
  write: () => Promise<T>,
  afterTheirs: (theirs: T) => T | undefined = () => undefined,
): Promise<T> {
  const writes = inFlight.get(db) ?? new Map<string, Promise<unknown>>();
  inFlight.set(db, writes);
  for (;;) {
    const answer = await look();
    if (answer !== undefined) return answer;
    const running = writes.get(key);
    if (running) {
      const theirs = await (running as Promise<T>).then(afterTheirs, () => undefined);
      if (theirs !== undefined) return theirs;
      continue;
    }
    const mine = write();
    writes.set(key, mine);
    try {
      return await mine;
    } finally {
      if (writes.get(key) === mine) writes.delete(key);
    }
  }
}
