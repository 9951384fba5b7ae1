import type { Db } from './open.ts';

/**
 * A drizzle query built and compiled once per connection (with `sql.placeholder()` for its parameters), for
 * the queries every request runs: building a drizzle query costs tens of microseconds, more than SQLite
 * spends answering a primary-key lookup.
 *
 *   const sessionById = preparedQuery((db) =>
 *     db.select().from(sessions).where(eq(sessions.id, sql.placeholder('id'))).prepare());
 *   sessionById(ctx.db).get({ id });
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byConnection = new WeakMap<Db, Q>();
  return (db) => {
    let query = byConnection.get(db);
    if (query === undefined) {
      query = build(db);
      byConnection.set(db, query);
    }
    return query;
  };
}
