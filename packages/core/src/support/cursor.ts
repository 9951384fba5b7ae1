import { DomainError } from './errors.ts';

/**
 * Keyset paging: a cursor is the sort key of a page's last row, [time, tie-breaker], as base64url JSON.
 * Opaque to callers; what comes back is checked before it reaches a query.
 */
export const encodeCursor = (time: number, tieBreaker: string | number) =>
  Buffer.from(JSON.stringify([time, tieBreaker])).toString('base64url');

const tieBreakers = {
  id: (value: unknown): value is string => typeof value === 'string',
  seq: (value: unknown): value is number => Number.isSafeInteger(value),
};
type TieBreaker<K extends keyof typeof tieBreakers> = K extends 'id' ? string : number;

/** The key `encodeCursor` wrote, its tie-breaker an `id` (string) or a `seq` (integer); else a 400. */
export function decodeCursor<K extends keyof typeof tieBreakers>(
  cursor: string,
  tieBreaker: K,
): [number, TieBreaker<K>] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && Number.isSafeInteger(value[0]) && tieBreakers[tieBreaker](value[1])) {
      return [value[0] as number, value[1] as TieBreaker<K>];
    }
  } catch {}
  throw new DomainError('invalid_request', 'cursor: not a cursor returned by this endpoint');
}
