import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { blobs } from '@countersign/db';
import type { ServiceContext } from '../context.ts';
import { DATA_FILE_MODE, mkdirPrivate } from '../support/data-dir.ts';

/**
 * Content-addressed file storage under DATA_DIR/blobs: a file is written once, named by its SHA-256,
 * and never modified, so any number of sessions can point at it without copies.
 */
export class BlobStore {
  private readonly root: string;

  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>) {
    this.root = path.join(ctx.config.dataDir, 'blobs');
  }

  pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  /** Stores bytes (idempotent) and returns their SHA-256. */
  async put(bytes: Uint8Array, knownSha256?: string): Promise<string> {
    const sha256 = knownSha256 ?? createHash('sha256').update(bytes).digest('hex');
    const file = this.pathOf(sha256);
    if (!fs.existsSync(file)) {
      mkdirPrivate(path.dirname(file));
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      fs.writeFileSync(tmp, bytes, { mode: DATA_FILE_MODE });
      fs.renameSync(tmp, file); // atomic: readers see the whole file or none
    }
    await this.ctx.db
      .insert(blobs)
      .values({ sha256, size: bytes.byteLength, createdAt: this.ctx.clock.now() })
      .onConflictDoNothing();
    return sha256;
  }

  read(sha256: string): Uint8Array {
    return fs.readFileSync(this.pathOf(sha256));
  }

  stream(sha256: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(sha256));
  }

  /** Deletes the file (a purge; see blob-refs.ts for which): gone already is fine, so a rerun is harmless. */
  unlink(sha256: string): void {
    fs.rmSync(this.pathOf(sha256), { force: true });
  }

  size(sha256: string): number {
    return fs.statSync(this.pathOf(sha256)).size;
  }
}
