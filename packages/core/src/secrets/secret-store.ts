import { randomBytes } from 'node:crypto';

/** The PKCS#12 that seals completed documents, and its passphrase. */
export interface SealCertificate {
  p12: Uint8Array;
  passphrase: string;
}

/**
 * Where the service keeps the secrets it generates for itself: DATA_DIR/secrets in the embedded topology, the
 * database (encrypted under SECRETS_KEY) when several hosts share PostgreSQL. Every process asking at once
 * gets the same value: the first one stored wins.
 */
export interface SecretStore {
  /** The secret `name`: the stored one, or `create()`'s, stored now. */
  get(name: string, create?: () => string): Promise<string>;
  /** The seal certificate: the stored one, or `create()`'s, stored now. */
  seal(create: () => SealCertificate): Promise<SealCertificate>;
}

/** 32 random bytes, base64url: every generated key. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');
