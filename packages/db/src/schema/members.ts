import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, issuedToken, keptCredential, ownedBy, ownedRow, timestamp } from './columns.ts';

export const memberRoles = ['owner', 'member'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** A person who signs in to the web app on behalf of an account. One email may belong to several accounts. */
export const members = sqliteTable(
  'members',
  {
    ...ownedRow('accountId', 'account_id', () => accounts.id),
    /** Lower-cased: sign-in looks members up by it. */
    email: text('email').notNull(),
    name: text('name'),
    role: text('role', { enum: memberRoles }).notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at'),
    /** Emailed when a session they sent completes or is declined (their own setting, on by default). */
    outcomeEmails: integer('outcome_emails', { mode: 'boolean' }).notNull().default(true),
    /** The language of those emails; null: the account's default language. */
    emailLocale: text('email_locale'),
  },
  (t) => [uniqueIndex('members_account_email').on(t.accountId, t.email), index('members_email').on(t.email)],
);

/** Emailed one-time sign-in links; only the token's SHA-256 is kept. */
export const signInLinks = sqliteTable(
  'sign_in_links',
  {
    ...ownedRow('memberId', 'member_id', () => members.id),
    ...issuedToken(),
    usedAt: timestamp('used_at'),
  },
  (t) => [uniqueIndex('sign_in_links_hash').on(t.tokenHash), index('sign_in_links_member').on(t.memberId)],
);

export const memberSessionMethods = ['link', 'passkey', 'sso'] as const;
export type MemberSessionMethod = (typeof memberSessionMethods)[number];

/** Cookie sessions of the web app; only the cookie value's SHA-256 is kept, so a database leak opens none. */
export const memberSessions = sqliteTable(
  'member_sessions',
  {
    ...ownedRow('memberId', 'member_id', () => members.id),
    accountId: ownedBy('account_id', () => accounts.id),
    tokenHash: text('token_hash').notNull(),
    /** How the member signed in: an emailed link, a passkey or the account's identity provider. */
    method: text('method', { enum: memberSessionMethods }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
    /** Absolute end, whatever the activity. */
    expiresAt: timestamp('expires_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('member_sessions_hash').on(t.tokenHash),
    index('member_sessions_member').on(t.memberId),
  ],
);

/** WebAuthn credentials registered by a member (a second way to sign in). */
export const passkeys = sqliteTable(
  'passkeys',
  {
    ...ownedRow('memberId', 'member_id', () => members.id),
    ...keptCredential(),
    /** base64url credential id as the authenticator reports it. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull(),
    transports: text('transports', { mode: 'json' }),
  },
  (t) => [uniqueIndex('passkeys_credential').on(t.credentialId), index('passkeys_member').on(t.memberId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: single-use (an answer deletes its row) and short-lived.
 * Keyed by the challenge's SHA-256, as the answer (clientDataJSON) names the challenge itself.
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    /** `registration`: a signed-in member adds a passkey; `authentication`: someone signs in with one. */
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** The member registering (registration only). */
    memberId: text('member_id').references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires').on(t.expiresAt)],
);
