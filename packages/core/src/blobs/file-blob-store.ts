import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DATA_FILE_MODE, mkdirPrivate } from '../support/data-dir.ts';
import { type BlobStore, type BlobStoreContext, checkedSha256, recordBlob, sha256Of } from './blob-store.ts';

/** The embedded topology's blobs: files under DATA_DIR/blobs/<first two hex digits>/<sha256>. */
export class FileBlobStore implements BlobStore {
  private readonly root: string;

  constructor(private readonly ctx: BlobStoreContext) {
    this.root = path.join(ctx.config.dataDir, 'blobs');
  }

  private pathOf(sha256: string): string {
    return path.join(this.root, checkedSha256(sha256).slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array, knownSha256?: string): Promise<string> {
    const sha256 = knownSha256 ?? sha256Of(bytes);
    const file = this.pathOf(sha256);
    if (!fs.existsSync(file)) {
      mkdirPrivate(path.dirname(file));
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(tmp, bytes, { mode: DATA_FILE_MODE });
      await fs.promises.rename(tmp, file); // atomic: readers see the whole file or none
    }
    await recordBlob(this.ctx, sha256, bytes.byteLength);
    return sha256;
  }

  async read(sha256: string): Promise<Uint8Array> {
    return fs.promises.readFile(this.pathOf(sha256));
  }

  async open(sha256: string): Promise<{ size: number; body: ReadableStream<Uint8Array> }> {
    const file = this.pathOf(sha256);
    const { size } = await fs.promises.stat(file);
    return { size, body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array> };
  }

  async size(sha256: string): Promise<number> {
    return (await fs.promises.stat(this.pathOf(sha256))).size;
  }

  async has(sha256: string): Promise<boolean> {
    return fs.existsSync(this.pathOf(sha256));
  }

  async delete(sha256: string): Promise<void> {
    await fs.promises.rm(this.pathOf(sha256), { force: true });
  }
}
