import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { timestamp } from './columns.ts';

/** The cloud drive connected to an account. No row means the embedded local drive. */
export const driveConnections = sqliteTable('drive_connections', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['local', 'gdrive'] }).notNull(),
  /** Provider settings; credentials inside are encrypted with the data key (AES-256-GCM). */
  settings: text('settings').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
