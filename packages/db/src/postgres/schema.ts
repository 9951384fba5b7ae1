import { getTableColumns, is, SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  doublePrecision,
  foreignKey,
  index,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from '../schema/index.ts';

/**
 * The PostgreSQL twin of every table in ../schema, derived, never written by hand: the SQLite schema is the one
 * source. drizzle-kit reads this file to write the PostgreSQL migrations (drizzle.postgres.config.ts); at run
 * time the domain keeps using the SQLite tables, whose SQL is valid on these (postgres/dialect.ts).
 *
 * Each column keeps the SQLite encoding of its values, so both servers hold the same bytes:
 * - integers (counts, booleans as 0/1, times in milliseconds) are `bigint`;
 * - text (JSON included) is `text COLLATE "C"`: byte order, as SQLite compares, whatever the database's locale,
 *   so an id range or a keyset page walks the same rows on both;
 * - real is `double precision`, blob is `bytea`.
 */
const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

type AnyPgTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, AnyPgColumn>;
  dialect: 'pg';
}>;

const twins = new Map<SQLiteTable, AnyPgTable>();

function twinOf(table: SQLiteTable): AnyPgTable {
  const made = twins.get(table);
  if (made) return made;
  const config = getTableConfig(table);
  const keyOf = new Map<SQLiteColumn, string>();
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>)) {
    keyOf.set(column, key);
    columns[key] = columnTwin(column);
  }
  const twin = pgTable(config.name, columns, (t) => {
    const pg = (c: SQLiteColumn) => t[keyOf.get(c)!] as AnyPgColumn;
    return [
      ...config.primaryKeys.map((pk) => primaryKey({ columns: pk.columns.map(pg) as [AnyPgColumn] })),
      ...config.indexes.map(({ config: ix }) => {
        const parts = ix.columns.map((c) => (is(c, SQLiteColumn) ? pg(c) : (c as SQL))) as [AnyPgColumn];
        const built = (ix.unique ? uniqueIndex(ix.name) : index(ix.name)).on(...parts);
        return ix.where ? built.where(ix.where) : built;
      }),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const target = twinOf(ref.foreignTable);
        const targetKey = (c: SQLiteColumn) => keyOf.get(c) ?? keyOfColumn(ref.foreignTable, c);
        const built = foreignKey({
          name: fk.getName(),
          columns: ref.columns.map(pg) as [AnyPgColumn],
          foreignColumns: ref.foreignColumns.map((c) => target[targetKey(c)] as AnyPgColumn) as [AnyPgColumn],
        });
        if (fk.onDelete) built.onDelete(fk.onDelete);
        if (fk.onUpdate) built.onUpdate(fk.onUpdate);
        return built;
      }),
    ];
  });
  twins.set(table, twin);
  return twin;
}

function keyOfColumn(table: SQLiteTable, column: SQLiteColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`${getTableConfig(table).name} has no column ${column.name}`);
  return entry[0];
}

function columnTwin(column: SQLiteColumn): PgColumnBuilderBase {
  // The builders differ in type by column kind; this one function applies the same modifiers to each.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  let built: any;
  switch (column.getSQLType()) {
    case 'integer':
      built = bigint(column.name, { mode: 'number' });
      break;
    case 'real':
      built = doublePrecision(column.name);
      break;
    case 'blob':
      built = bytea(column.name);
      break;
    case 'text':
      built = textC(column.name);
      break;
    default:
      throw new Error(`no PostgreSQL type for ${column.name} (${column.getSQLType()})`);
  }
  if (column.primary) built = built.primaryKey();
  if (column.notNull) built = built.notNull();
  // The default as SQLite stores it (JSON text, 0/1), so both servers hold the same value.
  if (column.default !== undefined) {
    built = built.default(is(column.default, SQL) ? column.default : column.mapToDriverValue(column.default));
  }
  return built;
}

/** Every table of the schema, in PostgreSQL, under the same export names. */
export const postgresTables: Record<string, AnyPgTable> = Object.fromEntries(
  Object.entries(sqliteSchema as Record<string, unknown>).flatMap(([name, value]) =>
    is(value, SQLiteTable) ? [[name, twinOf(value)]] : [],
  ),
);
