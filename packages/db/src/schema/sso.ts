import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, oneRowPer, ownedBy, timestamp } from './columns.ts';
import { memberRoles } from './members.ts';

export const ssoProtocols = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];

/**
 * An account's single sign-on identity provider (at most one), for the members whose address is at `domain`.
 * It signs in nobody until the domain is verified (a DNS TXT record naming `verificationToken`).
 */
export const ssoConnections = sqliteTable(
  'sso_connections',
  {
    accountId: oneRowPer('account_id', () => accounts.id),
    protocol: text('protocol', { enum: ssoProtocols }).notNull(),
    /** Lower-cased email domain, e.g. `example.com`. */
    domain: text('domain').notNull(),
    /** The value of the TXT record `countersign-verification=<token>`; a new one whenever the domain changes. */
    verificationToken: text('verification_token').notNull(),
    domainVerifiedAt: timestamp('domain_verified_at'),
    /**
     * The provider's public settings (JSON): OIDC `{issuer, clientId}`, SAML `{entityId, ssoUrl, certificate}`
     * (an IdP's certificate is public).
     */
    settings: text('settings', { mode: 'json' }).notNull(),
    /** The OIDC client secret, encrypted with the data key (AES-256-GCM); null for SAML or a public client. */
    clientSecret: text('client_secret'),
    /** The role of a member created on their first single sign-on (just-in-time). */
    defaultRole: text('default_role', { enum: memberRoles }).notNull(),
    /** 1: members at the domain (owners excepted) may not sign in by emailed link or passkey. */
    requireSso: integer('require_sso', { mode: 'boolean' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('sso_connections_domain').on(t.domain)],
);

/**
 * Sign-ins sent to an identity provider and not yet back: single use (the answer deletes its row), short-lived,
 * and bound to the browser that started it (the SHA-256 of a cookie's secret).
 */
export const ssoFlows = sqliteTable(
  'sso_flows',
  {
    /** SHA-256 of the `state` (OIDC) or `RelayState` (SAML) sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    accountId: ownedBy('account_id', () => accounts.id),
    protocol: text('protocol', { enum: ssoProtocols }).notNull(),
    /** SHA-256 of the secret in the browser's `cs_sso` cookie. */
    browserHash: text('browser_hash').notNull(),
    /** OIDC: the nonce; SAML: the AuthnRequest's ID (the answer's InResponseTo). */
    nonce: text('nonce').notNull(),
    /** OIDC: the PKCE code verifier, encrypted with the data key. */
    codeVerifier: text('code_verifier'),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('sso_flows_expires').on(t.expiresAt)],
);

/** SAML assertions already used, remembered until they expire, so none signs in twice. */
export const ssoAssertions = sqliteTable(
  'sso_assertions',
  {
    /** SHA-256 of the account id, the issuer and the assertion's ID. */
    keyHash: text('key_hash').primaryKey(),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('sso_assertions_expires').on(t.expiresAt)],
);
