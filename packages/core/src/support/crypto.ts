import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (value: string | Uint8Array): string =>
  createHash('sha256').update(value).digest('hex');

/** An opaque secret with a readable prefix: `prefix` + base64url of `bytes` random bytes. */
export const newSecret = (prefix: string, bytes = 32): string =>
  prefix + randomBytes(bytes).toString('base64url');

/** Equal-length comparison in constant time; different lengths are simply unequal. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export const newId = (): string => randomUUID();
