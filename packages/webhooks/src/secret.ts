import { randomBytes } from 'node:crypto';
import { WebhookSecretError } from './errors.ts';

const PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `whsec_` + base64 of 32 random bytes. Shown to the integrator once; the HMAC key is the decoded bytes. */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The HMAC key of a `whsec_` secret. Throws WebhookSecretError for anything else. */
export function webhookSecretKey(secret: string): Buffer {
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : null;
  if (encoded === null || !BASE64.test(encoded)) {
    throw new WebhookSecretError('webhook secret must be "whsec_" followed by base64');
  }
  const key = Buffer.from(encoded, 'base64');
  // Standard Webhooks allows 24 to 64 bytes; ours are 32.
  if (key.length < 24 || key.length > 64) {
    throw new WebhookSecretError(`webhook secret must decode to 24-64 bytes, got ${key.length}`);
  }
  return key;
}
