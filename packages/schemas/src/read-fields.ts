import { z } from '@hono/zod-openapi';

// Fragments of the read endpoints' schemas (GET bodies and list queries), one definition each.

/** A time in a response body: ISO 8601 in UTC, as `Date.toISOString()` writes it. */
export const isoTime = z.string().openapi({ format: 'date-time', example: '2026-11-22T12:00:00.000Z' });

/** `limit` and `cursor` of a paged list's query string (keyset pages, walked with `nextCursor`). */
export const pageQueryFields = () => ({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .openapi({ description: 'Page size, 1 to 200 (default 50).' }),
  cursor: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: '`nextCursor` of the previous page.' }),
});

/** A paged list's `nextCursor`. */
export const nextCursorField = () =>
  z
    .string()
    .nullable()
    .openapi({ description: 'Pass as `cursor` for the next page; null on the last page.' });

/** A list body, `{ [key]: item[] }`, registered in the document as `name`: the shape of every list the API answers. */
export const listOf = <const K extends string, T extends z.ZodType>(
  key: K,
  item: T,
  name: string,
  meta: { description?: string } = {},
) => z.object({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>).openapi(name, meta);

/** A keyset-paged list body: the items under `key` and the `nextCursor` that fetches the page after. */
export const pageOf = <const K extends string, T extends z.ZodType>(
  key: K,
  item: T,
  name: string,
  meta: { description: string },
) =>
  z
    .object({ ...({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>), nextCursor: nextCursorField() })
    .openapi(name, meta);
