import type { BlobStore, BlobStoreContext } from './blob-store.ts';
import { DatabaseBlobStore } from './database-blob-store.ts';
import { FileBlobStore } from './file-blob-store.ts';

/**
 * Files under DATA_DIR in the embedded topology; on PostgreSQL, the database itself, so that a process on
 * any host reads what another wrote and no host keeps state of its own (docs/data-layer.md).
 */
export function openBlobStore(ctx: BlobStoreContext): BlobStore {
  return ctx.db.$connection.dialect === 'postgres' ? new DatabaseBlobStore(ctx) : new FileBlobStore(ctx);
}
