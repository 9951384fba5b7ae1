import type { Db } from './database.ts';

/**
 * A drizzle query built once per database (with `sql.placeholder()` for its parameters), for the queries
 * every request runs: building a drizzle query costs tens of microseconds, more than SQLite spends answering
 * a primary-key lookup. Run it with `execute`, which both drizzle dialects have.
 *
 *   const sessionById = preparedQuery((db) =>
 *     db.select().from(sessions).where(eq(sessions.id, sql.placeholder('id'))).limit(1).prepare());
 *   const [session] = await sessionById(ctx.db).execute({ id });
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
