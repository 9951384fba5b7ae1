import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';

/**
 * The service's own secrets (data key, code key, JWT key, seal certificate) when several hosts share one
 * PostgreSQL: generated once by whichever process needs one first, encrypted under SECRETS_KEY from the
 * configuration. The embedded topology keeps them in DATA_DIR/secrets instead.
 */
export const serviceSecrets = sqliteTable('service_secrets', {
  name: text('name').primaryKey(),
  /** The value encrypted with the key derived from SECRETS_KEY (core's DataKey format). */
  encrypted: text('encrypted').notNull(),
  createdAt: createdAt(),
});
