import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './database.ts';

/**
 * The few SQL spellings that differ between SQLite and PostgreSQL, in one place: domain code asks for the
 * meaning and gets the spelling of the server `db` is on (docs/data-layer.md "One schema, two servers").
 * JSON columns hold JSON text on both (the SQLite schema's encoding), so PostgreSQL casts to jsonb to read it.
 */

/** Keys are written into the SQL: only plain names, never input. */
const plainKey = (key: string): string => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`not a plain JSON key: ${key}`);
  return key;
};

/** `column.key = value` for a string field of a JSON text column. */
export function jsonTextEquals(db: Db, column: AnyColumn, key: string, value: string): SQL {
  return db.$connection.dialect === 'postgres'
    ? sql`(${column}::jsonb ->> ${sql.raw(`'${plainKey(key)}'`)}) = ${value}`
    : sql`json_extract(${column}, ${sql.raw(`'$.${plainKey(key)}'`)}) = ${value}`;
}

/** Whether a boolean field of a JSON text column is `true`. */
export function jsonIsTrue(db: Db, column: AnyColumn, key: string): SQL {
  return db.$connection.dialect === 'postgres'
    ? sql`(${column}::jsonb -> ${sql.raw(`'${plainKey(key)}'`)}) = 'true'::jsonb`
    : sql`json_type(${column}, ${sql.raw(`'$.${plainKey(key)}'`)}) = 'true'`;
}

/**
 * Whether a text column contains `text`, ASCII letters in either case, `%` and `_` taken literally: SQLite's
 * LIKE, which ignores ASCII case; PostgreSQL's LIKE does not, its ILIKE does (on "C" text, ASCII only too).
 */
export function containsText(db: Db, column: AnyColumn, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.$connection.dialect === 'postgres'
    ? sql`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** The larger of two values (SQLite's two-argument `max`, PostgreSQL's `greatest`). */
export function larger(db: Db, a: SQL | AnyColumn | number, b: SQL | AnyColumn | number): SQL {
  return db.$connection.dialect === 'postgres' ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;
}

/**
 * The order rows were written in: SQLite's rowid; PostgreSQL keeps none, so there the id, whose UUIDv7s sort in
 * the order one process made them (core's newId). For rows older than that rule (legacy audit events).
 */
export function writeOrder(db: Db, table: SQLiteTable & { id: AnyColumn }): SQL {
  return db.$connection.dialect === 'postgres' ? sql`${table.id}` : sql`${table}.rowid`;
}

/**
 * A select of rows to claim (a queue's next rows), as the body of `id in (...)`: on PostgreSQL it locks what it
 * picks and skips rows another transaction holds (FOR UPDATE SKIP LOCKED), so claimers on several hosts take
 * different rows at once; on SQLite, whose writes are one at a time, the select as it is.
 */
export function skippingHeld(db: Db, select: SQLWrapper): SQL {
  return db.$connection.dialect === 'postgres'
    ? sql`${select.getSQL()} for update skip locked`
    : select.getSQL();
}
