import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, oneRowPer, ownedBy, timestamp } from './columns.ts';

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

/**
 * The embedded drive's files when the database is PostgreSQL (several hosts, none with files of its own); the
 * bytes are a blob (`sha256`), shared with the sessions sent from them. With SQLite the embedded drive keeps
 * files under DATA_DIR/drive instead, and this table stays empty.
 */
export const driveFiles = sqliteTable(
  'drive_files',
  {
    /** lf_ and 128 random bits, as the file drive's ids. */
    id: text('id').primaryKey(),
    accountId: ownedBy('account_id', () => accounts.id),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('drive_files_account').on(t.accountId, t.createdAt, t.id)],
);
