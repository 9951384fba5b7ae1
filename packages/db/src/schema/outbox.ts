import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * Transactional outbox: side effects (emails, webhook deliveries, session jobs to queue) are written in the same transaction as the
 * state change that causes them, then delivered at least once by a dispatcher. `id` doubles as the stable
 * message id, so a redelivery after a crash is recognisable downstream.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: id(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'webhook', 'job'] }).notNull(),
    /** `{ ...readable fields, encrypted }`: the payload encrypted with the data key; `encrypted: null` once dropped. */
    payload: text('payload', { mode: 'json' }).notNull(),
    createdAt: createdAt(),
    /** Not before this time (backoff). */
    availableAt: timestamp('available_at').notNull(),
    /** A dispatcher holds the row until then; a crashed dispatcher's claim simply lapses. */
    lockedUntil: timestamp('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at'),
    failedAt: timestamp('failed_at'),
  },
  (t) => [index('outbox_pending').on(t.deliveredAt, t.failedAt, t.availableAt)],
);
