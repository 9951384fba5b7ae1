import { blobContents, blobs } from '@countersign/db';
import { eq } from 'drizzle-orm';
import {
  type BlobStore,
  type BlobStoreContext,
  bodyOf,
  checkedSha256,
  notStored,
  recordBlob,
  sha256Of,
} from './blob-store.ts';

/**
 * Blobs in the database (`blob_contents`): the default with PostgreSQL, where several hosts share one database
 * and none may keep files of its own. A PDF is at most MAX_FILE_BYTES, so a blob is read whole.
 */
export class DatabaseBlobStore implements BlobStore {
  constructor(private readonly ctx: BlobStoreContext) {}

  async put(bytes: Uint8Array, knownSha256?: string): Promise<string> {
    const sha256 = checkedSha256(knownSha256 ?? sha256Of(bytes));
    // Bytes first, then the listing, as the file store does: no transaction needed (two round trips, not
    // four), since a put cut in between is finished by the next put of the same bytes.
    await this.ctx.db
      .insert(blobContents)
      .values({ sha256, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
      .onConflictDoNothing();
    await recordBlob(this.ctx, sha256, bytes.byteLength);
    return sha256;
  }

  async read(sha256: string): Promise<Uint8Array> {
    const [row] = await this.ctx.db
      .select({ bytes: blobContents.bytes })
      .from(blobContents)
      .where(eq(blobContents.sha256, checkedSha256(sha256)));
    if (!row) throw notStored(sha256);
    return row.bytes;
  }

  async open(sha256: string): Promise<{ size: number; body: ReadableStream<Uint8Array> }> {
    const bytes = await this.read(sha256);
    return { size: bytes.byteLength, body: bodyOf(bytes) };
  }

  async size(sha256: string): Promise<number> {
    const [row] = await this.ctx.db
      .select({ size: blobs.size })
      .from(blobs)
      .where(eq(blobs.sha256, checkedSha256(sha256)));
    if (!row) throw notStored(sha256);
    return row.size;
  }

  async has(sha256: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ sha256: blobContents.sha256 })
      .from(blobContents)
      .where(eq(blobContents.sha256, checkedSha256(sha256)));
    return row !== undefined;
  }

  async delete(sha256: string): Promise<void> {
    await this.ctx.db.delete(blobContents).where(eq(blobContents.sha256, checkedSha256(sha256)));
  }
}
