import { createCipheriv, createDecipheriv } from 'node:crypto';
import { randomBytes } from './crypto.ts';
import { loadOrCreateSecret } from './secrets.ts';

/**
 * Encrypts secrets the service must be able to use again (a drive's OAuth refresh token), unlike our own
 * tokens, which are only hashed. AES-256-GCM with the key in DATA_DIR/secrets/data.key. ("Seal" means the
 * PAdES seal of a final PDF only; what this class produces is "encrypted".)
 */
export class DataKey {
  private static readonly keys = new Map<string, Buffer>();
  private readonly key: Buffer;

  constructor(dataDir: string) {
    let key = DataKey.keys.get(dataDir);
    if (!key) {
      key = Buffer.from(loadOrCreateSecret(dataDir, 'data.key'), 'base64url');
      DataKey.keys.set(dataDir, key);
    }
    this.key = key;
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
    const [version, iv, tag, body] = encrypted.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
