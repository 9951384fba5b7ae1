import { blob, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';

/**
 * The dev mailbox (emails kept instead of sent, without SMTP_URL) when the database is PostgreSQL, so the API
 * on one host lists what a worker on another stored. With SQLite it keeps files under DATA_DIR/mailbox instead,
 * and this table stays empty. Holds plaintext links and codes: a purge deletes a session's rows.
 */
export const devMail = sqliteTable('dev_mail', {
  /** devMailId(messageId) of @countersign/mail. */
  id: text('id').primaryKey(),
  /** When it was stored (StoredMail.date). */
  createdAt: createdAt(),
  /** The StoredMail that list() and read() return, as JSON. */
  mail: text('mail').notNull(),
  /** The raw RFC 5322 message, attachments included. */
  eml: blob('eml', { mode: 'buffer' }).notNull(),
});
