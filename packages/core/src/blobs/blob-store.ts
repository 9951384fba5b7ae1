import { createHash } from 'node:crypto';
import { blobs, isDatabaseUnavailable, isSerializationConflict } from '@countersign/db';
import type { ServiceContext } from '../context.ts';

/**
 * Content-addressed storage of PDFs: bytes are written once, named by their SHA-256, and never modified, so
 * any number of sessions can point at them without copies. The `blobs` table lists them (size, time) wherever
 * the bytes are.
 */
export interface BlobStore {
  /** Stores bytes (idempotent) and returns their SHA-256. */
  put(bytes: Uint8Array, knownSha256?: string): Promise<string>;
  read(sha256: string): Promise<Uint8Array>;
  /** For a download: the length and the bytes as a stream. */
  open(sha256: string): Promise<{ size: number; body: ReadableStream<Uint8Array> }>;
  size(sha256: string): Promise<number>;
  has(sha256: string): Promise<boolean>;
  /** Deletes the bytes (a purge; see blob-refs.ts for which): gone already is fine, so a rerun is harmless. */
  delete(sha256: string): Promise<void>;
  /**
   * Only where the bytes live in a service of their own (the S3 bucket): whether it answers now, for /readyz.
   * The file and database stores have none: the database is checked on its own.
   */
  reachable?(): Promise<boolean>;
}

export type BlobStoreContext = Pick<ServiceContext, 'db' | 'config' | 'clock'>;

/** A blob this store does not hold: ENOENT, as the file store's read answers. */
export const notStored = (sha256: string) =>
  Object.assign(new Error(`blob ${sha256} is not stored`), { code: 'ENOENT' });

/**
 * The blobs' storage (an S3 endpoint) out of reach or failing on its side: like the database being down, a
 * request that meets it is answered 503, to be retried, not 500.
 */
export class BlobStoreUnavailableError extends Error {
  override name = 'BlobStoreUnavailableError';
}

/**
 * The database or the blob storage out of reach, or a transaction that kept losing to concurrent ones: what a
 * request answers 503 for (retry shortly) and a job marks as such.
 */
export function isStorageUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause)
    if (e instanceof BlobStoreUnavailableError) return true;
  return isDatabaseUnavailable(err) || isSerializationConflict(err);
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function checkedSha256(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return sha256;
}

/** Lists a stored blob (idempotent); every store calls it once the bytes are in place. */
export async function recordBlob(ctx: BlobStoreContext, sha256: string, size: number): Promise<void> {
  await ctx.db.insert(blobs).values({ sha256, size, createdAt: ctx.clock.now() }).onConflictDoNothing();
}

/** A whole buffer as a download body. */
export function bodyOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
