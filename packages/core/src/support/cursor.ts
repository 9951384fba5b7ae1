import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { DomainError } from './errors.ts';

/**
 * Keyset paging: a cursor is the sort key of a page's last row, [time, id], as base64url JSON (ids sort in
 * the order they were made, core's newId, so they break ties in time). Opaque to callers; what comes back is
 * checked before it reaches a query.
 */
export const encodeCursor = (time: number, id: string) =>
  Buffer.from(JSON.stringify([time, id])).toString('base64url');

/** The key `encodeCursor` wrote; else a 400. */
export function decodeCursor(cursor: string): [number, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && Number.isSafeInteger(value[0]) && typeof value[1] === 'string') {
      return [value[0] as number, value[1]];
    }
  } catch {}
  throw new DomainError('invalid_request', 'cursor: not a cursor returned by this endpoint');
}

/**
 * One page of rows read with `.limit(limit + 1)`: the first `limit` of them, and the cursor after the last
 * one when the extra row shows that more follow.
 */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => [number, string]) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(...keyOf(last)) : null };
}

/**
 * The rows of a newest-first list after `cursor`: `[time, id]` below the cursor's, as a row value, so the
 * database seeks its (owner, time, id) index straight past it, even through thousands of rows with one time
 * (an OR would re-read those ties on every page).
 */
export function before(time: SQLiteColumn, id: SQLiteColumn, cursor: string): SQL {
  const [t, key] = decodeCursor(cursor);
  return sql`(${time}, ${id}) < (${t}, ${key})`;
}
