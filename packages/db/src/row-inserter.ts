import { getTableColumns } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import type { Db } from './open.ts';

/**
 * A single-row INSERT of a fixed set of columns as one compiled statement, for bulk writes (thousands of rows
 * in one send). Building a drizzle insert costs more than SQLite spends writing the row; this keeps the schema
 * as the one source of column names and value encodings (JSON, booleans) and skips the per-call query
 * building. Columns left out take their SQL defaults; a value left undefined is written as NULL.
 */
export function rowInserter<T extends SQLiteTable>(
  db: Db,
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
): (row: T['$inferInsert']) => void {
  let made = inserters.get(db);
  if (!made) {
    made = new Map();
    inserters.set(db, made);
  }
  const id = `${getTableConfig(table).name}(${keys.join(',')})`;
  let insert = made.get(id);
  if (!insert) {
    insert = compile(db, table, keys) as (row: unknown) => void;
    made.set(id, insert);
  }
  return insert;
}

/** Per connection: one inserter per table and column list, so callers may ask for one per row. */
const inserters = new WeakMap<Db, Map<string, (row: unknown) => void>>();

function compile<T extends SQLiteTable>(
  db: Db,
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
): (row: T['$inferInsert']) => void {
  const all = getTableColumns(table) as Record<string, SQLiteColumn>;
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableConfig(table).name} has no column ${key}`);
    return column;
  });
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const slots = columns.map(() => '?').join(', ');
  const statement = db.$client.prepare(
    `insert into "${getTableConfig(table).name}" (${names}) values (${slots})`,
  );
  const values: unknown[] = new Array(columns.length);
  return (row) => {
    const record = row as Record<string, unknown>;
    for (let i = 0; i < columns.length; i++) {
      const value = record[keys[i]!];
      values[i] = value === undefined || value === null ? null : columns[i]!.mapToDriverValue(value);
    }
    statement.run(values);
  };
}
