import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, keptCredential, ownedRow, timestamp } from './columns.ts';

/** An integration account: the tenant every other row is scoped to. */
export const accounts = sqliteTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** The invite emails' sender name when a send names none (account settings); null: the account name. */
  defaultSenderName: text('default_sender_name'),
  /** Days an ended session is kept before it is purged (a send may choose its own); null: kept forever. */
  retentionDays: integer('retention_days'),
  createdAt: createdAt(),
});

/** Long-lived refresh tokens; only their SHA-256 is kept. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    ...ownedRow('accountId', 'account_id', () => accounts.id),
    tokenHash: text('token_hash').notNull(),
    /** First characters of the token, so an operator can tell tokens apart in a listing. */
    hint: text('hint').notNull(),
    ...keptCredential(),
    revokedAt: timestamp('revoked_at'),
    /** A test token: the sessions it sends are test sessions (docs/test-mode.md). */
    test: integer('test', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash').on(t.tokenHash),
    index('refresh_tokens_account').on(t.accountId),
  ],
);

/** Fixed-window counters (token brute-force throttle, resend limits), shared by every API process. */
export const rateLimitWindows = sqliteTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start').notNull(),
  count: integer('count').notNull(),
});
