/** The write under way per key, per database (one map per process and database). */
const inFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Writes to one key (a session) from this process one at a time. A caller that finds a write under way waits for
 * it, then looks again, instead of opening a transaction that would only collide with it: on PostgreSQL a
 * SERIALIZABLE conflict and a retry, on SQLite a turn in the writer's queue. Two hundred retries of the same
 * cancel then cost one transaction, not two hundred. Across processes the database still decides.
 *
 * `look` answers without writing (the session is already final), or returns undefined when a write is needed.
 */
export async function oneWriterPerKey<T>(
  db: object,
  key: string,
  look: () => Promise<T | undefined>,
  write: () => Promise<T>,
): Promise<T> {
  const writes = inFlight.get(db) ?? new Map<string, Promise<unknown>>();
  inFlight.set(db, writes);
  for (;;) {
    const answer = await look();
    if (answer !== undefined) return answer;
    const running = writes.get(key);
    if (running) {
      // Whatever it did (or failed to do), the next look tells.
      await running.catch(() => {});
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
