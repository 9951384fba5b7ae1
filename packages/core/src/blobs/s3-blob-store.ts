import type { S3Config } from '@countersign/config';
import {
  type BlobStore,
  type BlobStoreContext,
  checkedSha256,
  notStored,
  recordBlob,
  sha256Of,
} from './blob-store.ts';
import { S3Bucket } from './s3-bucket.ts';

/**
 * Blobs in an S3-compatible bucket (S3_*), each object named `<S3_PREFIX><sha256>`: with PostgreSQL, in
 * place of the database's `blob_contents`, so that neither a host's disk nor the database holds the bytes.
 * The `blobs` table still lists them.
 */
export class S3BlobStore implements BlobStore {
  readonly bucket: S3Bucket;

  constructor(
    private readonly ctx: BlobStoreContext,
    s3: S3Config,
  ) {
    this.bucket = new S3Bucket(s3);
  }

  private keyOf(sha256: string): string {
    return `${this.bucket.config.prefix}${checkedSha256(sha256)}`;
  }

  async put(bytes: Uint8Array, knownSha256?: string): Promise<string> {
    const sha256 = checkedSha256(knownSha256 ?? sha256Of(bytes));
    // Same name, same bytes: an object already there (another send of the same PDF) is not uploaded again.
    if (!(await this.has(sha256))) {
      const key = this.keyOf(sha256);
      const res = await this.bucket.request('PUT', this.bucket.urlOf(key), {
        body: bytes,
        // The payload's hash in the signature: S3 refuses bytes that are not what the name says.
        headers: { 'content-type': 'application/octet-stream', 'x-amz-content-sha256': sha256 },
      });
      if (!res.ok) throw await this.bucket.failure(res, 'PUT', key);
      await res.body?.cancel();
    }
    await recordBlob(this.ctx, sha256, bytes.byteLength);
    return sha256;
  }

  async read(sha256: string): Promise<Uint8Array> {
    return new Uint8Array(await (await this.get(sha256)).arrayBuffer());
  }

  async open(sha256: string): Promise<{ size: number; body: ReadableStream<Uint8Array> }> {
    const res = await this.get(sha256);
    return { size: Number(res.headers.get('content-length')), body: res.body! };
  }

  async size(sha256: string): Promise<number> {
    const res = await this.head(sha256);
    if (res.status === 404) throw notStored(sha256);
    return Number(res.headers.get('content-length'));
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.head(sha256)).status === 200;
  }

  async delete(sha256: string): Promise<void> {
    const key = this.keyOf(sha256);
    const res = await this.bucket.request('DELETE', this.bucket.urlOf(key));
    // S3 answers 204 whether or not the object was there; other servers may say 404.
    if (!res.ok && res.status !== 404) throw await this.bucket.failure(res, 'DELETE', key);
    await res.body?.cancel();
  }

  reachable(): Promise<boolean> {
    return this.bucket.reachable();
  }

  /** A 200 with the object's bytes as its body; a missing object is ENOENT. */
  private async get(sha256: string): Promise<Response> {
    const key = this.keyOf(sha256);
    const res = await this.bucket.request('GET', this.bucket.urlOf(key));
    if (res.ok) return res;
    const error = await this.bucket.failure(res, 'GET', key);
    // NoSuchKey; not a missing bucket, which is a setting to fix, not a blob gone.
    if (res.status === 404 && !/NoSuchBucket/.test(error.message)) throw notStored(sha256);
    throw error;
  }

  /** A 200 or a 404; HEAD answers have no body, so a refusal is told by its status only. */
  private async head(sha256: string): Promise<Response> {
    const key = this.keyOf(sha256);
    const res = await this.bucket.request('HEAD', this.bucket.urlOf(key));
    if (res.status !== 200 && res.status !== 404) throw await this.bucket.failure(res, 'HEAD', key);
    return res;
  }
}
