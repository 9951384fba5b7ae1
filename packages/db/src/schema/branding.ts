import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { oneRowPer, timestamp } from './columns.ts';

/**
 * How an account's signing pages and emails look and where they may be embedded: accent colour, logo (PNG or
 * JPEG bytes, base64), the origins allowed to frame the signing page, and the default language.
 */
export const accountBranding = sqliteTable('account_branding', {
  accountId: oneRowPer('account_id', () => accounts.id),
  accentColor: text('accent_color'),
  logoType: text('logo_type', { enum: ['image/png', 'image/jpeg'] }),
  logoBase64: text('logo_base64'),
  /** SHA-256 prefix of the logo: its URL changes with it, so it can be cached for good. */
  logoHash: text('logo_hash'),
  frameOrigins: text('frame_origins', { mode: 'json' }).notNull().default([]),
  defaultLocale: text('default_locale'),
  updatedAt: timestamp('updated_at').notNull(),
});
