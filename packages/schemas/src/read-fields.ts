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
