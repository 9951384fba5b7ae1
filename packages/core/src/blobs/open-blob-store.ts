import type { BlobStore, BlobStoreContext } from './blob-store.ts';
import { DatabaseBlobStore } from './database-blob-store.ts';
import { FileBlobStore } from './file-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

/**
 * Files under DATA_DIR in the embedded topology; on PostgreSQL, the S3 bucket when S3_* is set, else the
 * database itself, so that a process on any host reads what another wrote and no host keeps state of its own
 * (docs/data-layer.md). S3 settings without PostgreSQL name only the target of `pnpm cli db copy`: the
 * embedded deployment keeps its files (and its backups hold them).
 */
export function openBlobStore(ctx: BlobStoreContext): BlobStore {
  if (ctx.db.$connection.dialect !== 'postgres') return new FileBlobStore(ctx);
  return ctx.config.s3 ? new S3BlobStore(ctx, ctx.config.s3) : new DatabaseBlobStore(ctx);
}
