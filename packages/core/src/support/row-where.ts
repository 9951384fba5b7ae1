import type { Db } from '@countersign/db';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The row of `table` whose columns hold the given values (null: IS NULL), or undefined: the one shape of a
 * "find it by key, usually with the owner it must belong to, or 404" lookup.
 */
export async function rowWhere<T extends SQLiteTable>(db: Db, table: T, match: Partial<T['$inferSelect']>) {
  const columns = getTableColumns(table);
  const conditions = Object.entries(match).map(([key, value]) =>
    value === null ? isNull(columns[key]!) : eq(columns[key]!, value),
  );
  return (
    await db
      .select()
      .from(table)
      .where(and(...conditions))
      .limit(1)
  )[0];
}
