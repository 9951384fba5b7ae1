import { scopes } from '@countersign/schemas/scopes';
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
  /** Also told when any session completes or is declined (account settings), beside its sending member. */
  outcomeEmail: text('outcome_email'),
  createdAt: createdAt(),
});

export const tokenCreators = ['member', 'cli', 'unrecorded'] as const;
/** Every scope, spelled as `scopes` in @countersign/schemas lists them: the default of rows made before scopes. */
const ALL_SCOPES = scopes.join(' ');

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
    /**
     * What the token may do: scopes separated by spaces (`Scope` in schemas). Tokens made before scopes
     * existed hold every scope, as the owner-made tokens they are taken for.
     */
    scopes: text('scopes').notNull().default(ALL_SCOPES),
    /** Who made it: a member (in the web app or with a token of theirs), the operator's CLI, or unrecorded. */
    createdBy: text('created_by', { enum: tokenCreators }).notNull().default('unrecorded'),
    /** The member who made it (`createdBy` member); their removal revokes it, a demotion narrows it. */
    createdByMemberId: text('created_by_member_id'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash').on(t.tokenHash),
    index('refresh_tokens_account').on(t.accountId),
    index('refresh_tokens_creator').on(t.createdByMemberId),
  ],
);

/** Fixed-window counters (token brute-force throttle, resend limits), shared by every API process. */
export const rateLimitWindows = sqliteTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start').notNull(),
  count: integer('count').notNull(),
});
