import type Database from 'better-sqlite3';

/** Enough for every distinct query the service runs, plus the bulk inserts' few row-count variants. */
const DEFAULT_CAPACITY = 500;

/**
 * drizzle asks better-sqlite3 to compile a new statement for every query it runs, and compiling costs more
 * than running most of ours (a primary-key lookup runs in microseconds, its compile in tens). Keep the most
 * recently used statements of a connection, keyed by their SQL text, and hand them out again.
 *
 * Safe because a statement runs to completion inside one synchronous call (nothing here iterates lazily), and
 * each hit starts from the default row mode: drizzle switches `raw()` on when it wants arrays, and a statement
 * it used that way must not hand arrays to the next caller that wants objects.
 */
export function cacheStatements(sqlite: Database.Database, capacity = DEFAULT_CAPACITY): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    // Some pragmas act when compiled, not when run (busy_timeout): a cached one would do nothing the second time.
    if (/^\s*pragma\b/i.test(source)) return prepare(source);
    const hit = cache.get(source);
    if (hit) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      cache.delete(source);
      cache.set(source, hit);
      if (hit.reader) hit.raw(false);
      return hit;
    }
    const statement = prepare(source);
    cache.set(source, statement);
    if (cache.size > capacity) cache.delete(cache.keys().next().value!);
    return statement;
  }) as typeof sqlite.prepare;
}
