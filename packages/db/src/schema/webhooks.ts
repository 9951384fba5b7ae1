import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, ownedRow, timestamp } from './columns.ts';

/** An integrator's webhook endpoint. Secrets are needed to sign, so they are encrypted, not hashed. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    ...ownedRow('accountId', 'account_id', () => accounts.id),
    url: text('url').notNull(),
    /** Event types delivered; null means every type. */
    events: text('events', { mode: 'json' }).$type<string[] | null>(),
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at'),
    createdAt: createdAt(),
    /** First failure of the current failing streak; cleared by a success. */
    failingSince: timestamp('failing_since'),
    disabledAt: timestamp('disabled_at'),
    disabledReason: text('disabled_reason'),
  },
  (t) => [index('webhook_endpoints_account').on(t.accountId)],
);

/** Every delivery attempt, for the account to see what happened. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    ...ownedRow('endpointId', 'endpoint_id', () => webhookEndpoints.id),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    outboxId: text('outbox_id').notNull(),
    attempt: integer('attempt').notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    at: timestamp('at').notNull(),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.at)],
);
