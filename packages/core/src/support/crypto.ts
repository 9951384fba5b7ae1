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
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 bits that are random for a new millisecond and
 * count up within one (the RFC's "monotonic random", method 2). Ids made together sort together, so a send's
 * thousands of rows land on a few B-tree pages of each primary-key index instead of on random ones (v4), which
 * made every commit rewrite pages all over the index. And the ids one process makes sort in the order it made
 * them, so `(time, id)` is a tie-breaker that keeps insertion order on SQLite and PostgreSQL alike (PostgreSQL
 * has no rowid). They reveal when a row was made, which the API states anyway (`createdAt`), and nothing
 * about how many there are.
 */
// The 74 bits after the time, as three numbers (12 + 30 + 32 bits) so counting up needs no BigInt.
let lastMs = 0;
let randA = 0;
let randMid = 0;
let randLow = 0;

export function newId(): string {
  const now = Date.now();
  if (now > lastMs) {
    const r = randomBytes(10);
    lastMs = now;
    randA = r.readUInt16BE(0) & 0x7ff; // 11 of 12 bits: counting up never overflows into the time
    randMid = r.readUInt32BE(2) & 0x3fffffff;
    randLow = r.readUInt32BE(6);
  } else {
    // The same millisecond (or a clock that stepped back): a random step up keeps order and hides counts (ids are
    // not secrets: nothing is authorised by knowing one, so Math.random suffices).
    randLow += 1 + Math.floor(Math.random() * 0x10000);
    if (randLow > 0xffffffff) {
      randLow -= 0x100000000;
      if (++randMid > 0x3fffffff) {
        randMid = 0;
        randA++;
      }
    }
  }
  const hex =
    lastMs.toString(16).padStart(12, '0') +
    (0x7000 | randA).toString(16) +
    (0x80000000 + randMid).toString(16) + // the RFC 9562 variant (10) above 30 bits
    randLow.toString(16).padStart(8, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
