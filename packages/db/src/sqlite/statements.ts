import type Database from 'better-sqlite3';

/** Enough for every distinct query the service runs, plus the bulk inserts' few row-count variants. */
const DEFAULT_CAPACITY = 500;

/**
 * The connection's compiled statements, keyed by their SQL text, least recently used dropped first. drizzle
 * hands us SQL text for every query, and compiling costs more than running most of ours (a primary-key lookup
 * runs in microseconds, its compile in tens).
 *
 * Only the connection uses these statements, and a statement runs to completion inside one synchronous call,
 * so sharing one between callers is safe. Every reader is switched to array rows once, at compile time: the
 * drizzle proxy driver maps arrays to objects itself.
 */
export class StatementCache {
  private readonly cache = new Map<string, Database.Statement>();

  constructor(
    private readonly sqlite: Database.Database,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  get(source: string): Database.Statement {
    const hit = this.cache.get(source);
    if (hit) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      this.cache.delete(source);
      this.cache.set(source, hit);
      return hit;
    }
    const statement = this.sqlite.prepare(source);
    if (statement.reader) statement.raw(true);
    // Some pragmas act when compiled, not when run (busy_timeout): a cached one would do nothing the second time.
    if (/^\s*pragma\b/i.test(source)) return statement;
    this.cache.set(source, statement);
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
    return statement;
  }

  get size(): number {
    return this.cache.size;
  }
}
