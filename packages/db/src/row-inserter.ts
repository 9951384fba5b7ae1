import { getTableColumns } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import type { RowInsert } from './connection.ts';
import type { Db } from './database.ts';

type Keys<T extends SQLiteTable> = readonly (keyof T['$inferInsert'] & string)[];

/**
 * Single-row INSERTs of a fixed set of columns, for bulk writes (thousands of rows in one send). Building a
 * drizzle insert costs more than SQLite spends writing the row; this keeps the schema as the one source of
 * column names and value encodings (JSON, booleans) and skips the per-call query building. Columns left out
 * take their SQL defaults; a value left undefined is written as NULL.
 */
export function rowInserter<T extends SQLiteTable>(
  db: Db,
  table: T,
  keys: Keys<T>,
): (row: T['$inferInsert']) => Promise<void> {
  const insert = compiled(table, keys);
  return async (row) => {
    await db.$connection.insertRows([insert.rowOf(row)]);
  };
}

/**
 * Rows for several tables, parents before children (as foreign keys want), written by one `write()`: all of
 * them or none. Add each entry's rows in the same table order. On SQLite that is one synchronous loop over
 * compiled statements in the order added; on PostgreSQL, multi-row inserts table by table, each table where it
 * first appears.
 */
export class RowBatch {
  private readonly rows: RowInsert[] = [];

  constructor(private readonly db: Db) {}

  add<T extends SQLiteTable>(table: T, keys: Keys<T>, row: T['$inferInsert']): void {
    this.rows.push(compiled(table, keys).rowOf(row));
  }

  get size(): number {
    return this.rows.length;
  }

  async write(): Promise<void> {
    const rows = this.rows.splice(0);
    if (rows.length) await this.db.$connection.insertRows(rows);
  }
}

interface CompiledInsert {
  /** The row's values in column order, encoded as the schema says (JSON text, booleans as 0/1). */
  rowOf(row: unknown): RowInsert;
}

/**
 * One compiled insert per table and column list: every row of it shares one `columns` array, which the
 * connections key their SQL text on.
 */
const compiledInserts = new WeakMap<SQLiteTable, Map<string, CompiledInsert>>();

function compiled<T extends SQLiteTable>(table: T, keys: Keys<T>): CompiledInsert {
  let forTable = compiledInserts.get(table);
  if (!forTable) {
    forTable = new Map();
    compiledInserts.set(table, forTable);
  }
  const id = keys.join(',');
  let insert = forTable.get(id);
  if (!insert) {
    insert = compile(table, keys);
    forTable.set(id, insert);
  }
  return insert;
}

function compile<T extends SQLiteTable>(table: T, keys: Keys<T>): CompiledInsert {
  const all = getTableColumns(table) as Record<string, SQLiteColumn>;
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableConfig(table).name} has no column ${key}`);
    return column;
  });
  const name = getTableConfig(table).name;
  const names = columns.map((c) => c.name);
  return {
    rowOf(row) {
      const record = row as Record<string, unknown>;
      const values: unknown[] = new Array(columns.length);
      for (let i = 0; i < columns.length; i++) {
        const value = record[keys[i]!];
        values[i] = value === undefined || value === null ? null : columns[i]!.mapToDriverValue(value);
      }
      return { table: name, columns: names, values };
    },
  };
}
