import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, ownedBy, timestamp } from './columns.ts';

/**
 * Idempotency-Key records: the first response to a key is kept for 24 hours and replayed byte for byte.
 * The body may hold signing links, so it is encrypted with the data key.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    accountId: ownedBy('account_id', () => accounts.id),
    key: text('key').notNull(),
    /** Method, path and SHA-256 of the body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
    /** An in-progress claim lapses then (its process died), so a retry can take over. */
    lockedUntil: timestamp('locked_until').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: text('response_headers', { mode: 'json' }).$type<Record<string, string>>(),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);
