import { createHash } from 'node:crypto';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { RowInsert } from './connection.ts';
import type { Db } from './open.ts';
import * as schema from './schema/index.ts';

/** What a copy moved and found again in the target, table by table. */
export interface TableCopy {
  table: string;
  rows: number;
  /** SHA-256 of every row in key order, the same on both sides (verifyCopy checks it). */
  sha256: string;
}

export class CopyError extends Error {
  override name = 'CopyError';
}

/** Rows per INSERT batch: bounded memory whatever the table's size. */
const BATCH = 1_000;

interface TableShape {
  name: string;
  columns: string[];
  /** Key columns, to read both sides in one order. */
  order: string[];
}

/** Every table, parents before the tables whose foreign keys point at them. */
export function tablesInCopyOrder(): TableShape[] {
  const tables = (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable));
  const configs = new Map(tables.map((t) => [getTableConfig(t).name, getTableConfig(t)]));
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    placed.add(name);
    const config = configs.get(name)!;
    for (const fk of config.foreignKeys) {
      const parent = getTableConfig(fk.reference().foreignTable).name;
      if (parent !== name) place(parent);
    }
    const columns = config.columns.map((c) => c.name);
    const primary = config.columns.filter((c) => c.primary).map((c) => c.name);
    const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
    ordered.push({ name, columns, order: composite ?? (primary.length > 0 ? primary : columns) });
  };
  for (const name of [...configs.keys()].sort()) place(name);
  return ordered;
}

const quoted = (name: string) => `"${name}"`;
const selectAll = (t: TableShape) =>
  `SELECT ${t.columns.map(quoted).join(', ')} FROM ${quoted(t.name)} ORDER BY ${t.order.map(quoted).join(', ')}`;

/** A row's digest input: numbers as JSON writes them, bytes as base64, so both servers hash the same text. */
const rowText = (row: unknown[]) =>
  JSON.stringify(
    row.map((v) => (v instanceof Uint8Array ? { bytes: Buffer.from(v).toString('base64') } : v)),
  );

/** Fails unless every table of `target` is empty: a copy fills a new database, never merges into one. */
export async function requireEmpty(target: Db): Promise<void> {
  for (const t of tablesInCopyOrder()) {
    const { rows } = await target.$connection.query(`SELECT 1 FROM ${quoted(t.name)} LIMIT 1`, [], 'all');
    if (rows.length > 0)
      throw new CopyError(
        `the target database is not empty (${t.name} has rows): db copy only fills a new one`,
      );
  }
}

/**
 * Copies every row of the SQLite database `source` into `target` (PostgreSQL, migrated, empty) in one
 * transaction, reading the source in one read transaction (a consistent snapshot even while it is written).
 * Values keep their SQLite encoding, which the PostgreSQL schema shares (docs/data-layer.md). Tables in
 * `except` are left to the caller (stores whose rows differ by topology: blob bytes, secrets).
 */
export async function copyRows(
  source: Db,
  target: Db,
  except: readonly SQLiteTable[] = [],
): Promise<TableCopy[]> {
  const skipped = new Set(except.map((t) => getTableConfig(t).name));
  const sqlite = source.$client;
  const copied: TableCopy[] = [];
  sqlite.exec('BEGIN');
  try {
    await target.$connection.transaction(undefined, async () => {
      copied.length = 0;
      for (const t of tablesInCopyOrder().filter((t) => !skipped.has(t.name))) {
        const hash = createHash('sha256');
        let rows = 0;
        let batch: RowInsert[] = [];
        for (const row of sqlite.prepare(selectAll(t)).raw().iterate() as Iterable<unknown[]>) {
          hash.update(rowText(row)).update('\n');
          batch.push({ table: t.name, columns: t.columns, values: row });
          rows++;
          if (batch.length === BATCH) {
            await target.$connection.insertRows(batch);
            batch = [];
          }
        }
        if (batch.length > 0) await target.$connection.insertRows(batch);
        copied.push({ table: t.name, rows, sha256: hash.digest('hex') });
      }
    });
  } finally {
    sqlite.exec('COMMIT');
  }
  return copied;
}

/** Reads every table of `target` back and fails on any count or digest that differs from the copy's. */
export async function verifyCopy(target: Db, copied: readonly TableCopy[]): Promise<void> {
  const shapes = new Map(tablesInCopyOrder().map((t) => [t.name, t]));
  for (const expected of copied) {
    const { rows } = await target.$connection.query(selectAll(shapes.get(expected.table)!), [], 'all');
    const hash = createHash('sha256');
    for (const row of rows as unknown[][]) hash.update(rowText(row)).update('\n');
    const sha256 = hash.digest('hex');
    if (rows.length !== expected.rows || sha256 !== expected.sha256)
      throw new CopyError(
        `${expected.table}: ${rows.length} rows (sha256 ${sha256}) in the target, ${expected.rows} (sha256 ${expected.sha256}) in the source`,
      );
  }
}
