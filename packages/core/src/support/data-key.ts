import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { randomBytes } from './crypto.ts';

/**
 * Encrypts secrets the service must be able to use again (a drive's OAuth refresh token), unlike our own
 * tokens, which are only hashed. AES-256-GCM with the service's data key (ctx.secrets.dataKey, secrets/). ("Seal"
 * means the PAdES seal of a final PDF only; what this class produces is "encrypted".)
 */
export class DataKey {
  private constructor(private readonly key: Buffer) {}

  /** A stored key: 32 random bytes, base64url. */
  static fromStored(value: string): DataKey {
    const key = Buffer.from(value, 'base64url');
    if (key.length !== 32) throw new Error('a data key is 32 bytes');
    return new DataKey(key);
  }

  /** A key from a passphrase an operator chose (SECRETS_KEY, 32+ characters). */
  static fromPassphrase(passphrase: string): DataKey {
    return new DataKey(createHash('sha256').update(passphrase, 'utf8').digest());
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  decrypt(encrypted: string): string {
    return this.decryptBytes(encrypted).toString('utf8');
  }

  /** The plaintext's UTF-8 bytes, for a caller that passes them on as they are (a send's answer). */
  decryptBytes(encrypted: string): Buffer<ArrayBuffer> {
    const [version, iv, tag, body] = encrypted.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}
