import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, issuedToken, oneRowPer, ownedRow, timestamp } from './columns.ts';
import { participants } from './sessions.ts';

/** One-time codes emailed to signers: only a hash is kept; used once, attempt-limited, short-lived. */
export const otpCodes = sqliteTable(
  'otp_codes',
  {
    ...ownedRow('participantId', 'participant_id', () => participants.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at'),
  },
  (t) => [index('otp_codes_participant').on(t.participantId, t.createdAt)],
);

/** A verified signer's browser: the cookie carries a random token, the row its hash. */
export const signerSessions = sqliteTable(
  'signer_sessions',
  {
    ...ownedRow('participantId', 'participant_id', () => participants.id),
    ...issuedToken(),
  },
  (t) => [uniqueIndex('signer_sessions_token').on(t.tokenHash)],
);

/**
 * What a signer has entered but not signed yet (field values, the adopted signature and initials, the
 * initials fields they tapped), saved as they go so a reload restores it. Only that participant's link reads
 * it; it is deleted when they sign or decline.
 */
export const signingDrafts = sqliteTable('signing_drafts', {
  participantId: oneRowPer('participant_id', () => participants.id),
  data: text('data', { mode: 'json' }).notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
