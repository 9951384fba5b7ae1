import { type Db, preparedQuery } from '@countersign/db';
import { asc, type Column, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * `SELECT * FROM table WHERE key = :key` (in `order` when given), prepared once per connection: the shape of
 * every lookup of the session query modules (building a drizzle query costs more than SQLite's answer).
 */
export function rowsBy<T extends SQLiteTable>(table: T, key: Column, order?: Column) {
  return preparedQuery((db: Db) => {
    const query = db
      .select()
      .from(table)
      .where(eq(key, sql.placeholder('key')));
    return (order ? query.orderBy(asc(order)) : query).prepare();
  });
}

/**
 * The rows whose session is one of `sessionIds`, each session's in `order`. `sessionIds` may be a subquery:
 * a 10,000-entry send would pass SQLite's limit on bound values as a list.
 */
export const rowsOfSessions = <T extends SQLiteTable>(
  db: Db,
  table: T,
  sessionId: Column,
  sessionIds: readonly string[] | SQLWrapper,
  order: Column,
) => db.select().from(table).where(inArray(sessionId, sessionIds)).orderBy(asc(order));
