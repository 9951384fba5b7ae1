import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

/** `on conflict ("t"."a", "t"."b")`: SQLite takes qualified target columns, PostgreSQL only bare names. */
const CONFLICT_TARGET = /\bon conflict \(([^)]*)\)/g;
const QUALIFIER = /"(?:[^"]|"")+"\./g;

/**
 * drizzle's SQLite dialect, writing PostgreSQL. Only two spellings differ in what the SQLite builders write:
 * parameters are numbered (`$1, $2...`), and an upsert's conflict target names bare columns. The rest
 * (double-quoted names, `returning`, `on conflict`, `limit`/`offset`, savepoints) is the same on both, and
 * values arrive encoded as the SQLite schema says (JSON as text, booleans as 0/1, times as integers), which
 * is how the PostgreSQL twin of each table stores them (schema.ts). SQL fragments that differ between the
 * two servers are written with the helpers in ../portable.ts, never spelled for one server in domain code.
 */
export class PostgresFlavouredDialect extends SQLiteAsyncDialect {
  override escapeParam(num: number): string {
    return `$${num + 1}`;
  }

  override sqlToQuery(sql: SQL, invokeSource?: 'indexes'): ReturnType<SQLiteAsyncDialect['sqlToQuery']> {
    const query = super.sqlToQuery(sql, invokeSource);
    if (!query.sql.includes('on conflict (')) return query;
    return {
      ...query,
      sql: query.sql.replace(
        CONFLICT_TARGET,
        (_, target: string) => `on conflict (${target.replace(QUALIFIER, '')})`,
      ),
    };
  }
}
