import type { Db } from '@countersign/db';
import { and, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The row of `table` that meets every condition (a key, usually with the owner it must belong to), or
 * undefined: the one shape of a "find it or 404" lookup.
 */
export const rowWhere = async <T extends SQLiteTable>(db: Db, table: T, ...conditions: SQL[]) =>
  (
    await db
      .select()
      .from(table)
      .where(and(...conditions))
      .limit(1)
  )[0];
