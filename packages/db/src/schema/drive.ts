import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { oneRowPer, ownedBy, timestamp } from './columns.ts';

/** The cloud drive connected to an account. No row means the embedded local drive. */
export const driveConnections = sqliteTable('drive_connections', {
  accountId: oneRowPer('account_id', () => accounts.id),
  provider: text('provider', { enum: ['local', 'gdrive'] }).notNull(),
  /** Provider settings; credentials inside are encrypted with the data key (AES-256-GCM). */
  settings: text('settings').notNull(),
  /** The connected Google account's address, shown in the web app (connected through OAuth). */
  accountEmail: text('account_email'),
  updatedAt: timestamp('updated_at').notNull(),
});

/** Google Drive OAuth flows under way: the `state` sent to Google and the PKCE verifier, until the callback. */
export const driveOauthStates = sqliteTable('drive_oauth_states', {
  /** SHA-256 of the state parameter. */
  stateHash: text('state_hash').primaryKey(),
  accountId: ownedBy('account_id', () => accounts.id),
  /** The PKCE code verifier, encrypted with the data key. */
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
});
