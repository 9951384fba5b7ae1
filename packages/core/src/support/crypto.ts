import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (value: string | Uint8Array): string =>
  createHash('sha256').update(value).digest('hex');

const POOL_BYTES = 8192;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/**
 * CSPRNG bytes, `n` <= 8192, each handed out once, taken from a pool refilled in one call: a bulk send needs
 * thousands of link tokens and IVs, and one `randomBytes` call per token costs more than the rest of its row.
 */
export function randomBytes(n: number): Buffer {
  if (n > POOL_BYTES) throw new RangeError(`randomBytes: at most ${POOL_BYTES} bytes per call`);
  if (poolOffset + n > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  // A copy: the pool's bytes are overwritten by the next refill.
  const out = Buffer.from(pool.subarray(poolOffset, poolOffset + n));
  pool.fill(0, poolOffset, poolOffset + n);
  poolOffset += n;
  return out;
}

/** An opaque secret with a readable prefix: `prefix` + base64url of `bytes` random bytes. */
export const newSecret = (prefix: string, bytes = 32): string =>
  prefix + randomBytes(bytes).toString('base64url');

/** Equal-length comparison in constant time; different lengths are simply unequal. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Ids made together sort together, so
 * a send's thousands of rows land on a few B-tree pages of each primary-key index instead of on random ones
 * (v4), which made every commit rewrite pages all over the index. They reveal when a row was made, which the
 * API states anyway (`createdAt`), and nothing about how many there are.
 */
export function newId(): string {
  const bytes = randomBytes(16);
  const ms = Date.now();
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
