import { driveFiles } from '@countersign/db';
import {
  cleanFilename,
  type DriveFile,
  DriveFileNotFoundError,
  DriveFileTooLargeError,
  type DriveLimits,
  DriveUnavailableError,
  isLocalFileId,
  type LocalDrive,
  sniffMimeType,
} from '@countersign/drive';
import { and, asc, eq } from 'drizzle-orm';
import { blobsOnlyUsedBy, forgetBlobs } from '../blobs/blob-refs.ts';
import { isStorageUnavailable } from '../blobs/blob-store.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';

/**
 * The embedded drive in the database (`drive_files`, bytes in the blob store): what every host reads when
 * they share PostgreSQL, so a file uploaded through one API host is there for the worker on another. Same
 * promises as the file drive of @countersign/drive (ids, names, limits, errors); only the storage differs.
 */
export function createDatabaseDrive(
  ctx: ServiceContext,
  accountId: string,
  limits: Partial<DriveLimits>,
): LocalDrive {
  const maxBytes = limits.maxBytes ?? Number.POSITIVE_INFINITY;
  const ofAccount = (fileId: string) => and(eq(driveFiles.id, fileId), eq(driveFiles.accountId, accountId));

  async function row(fileId: string) {
    if (!isLocalFileId(fileId)) throw new DriveFileNotFoundError(fileId);
    const [found] = await ctx.db.select().from(driveFiles).where(ofAccount(fileId));
    if (!found) throw new DriveFileNotFoundError(fileId);
    if (found.size > maxBytes) throw new DriveFileTooLargeError(fileId, maxBytes);
    return found;
  }

  const described = (r: typeof driveFiles.$inferSelect): DriveFile => ({
    id: r.id,
    filename: r.filename,
    size: r.size,
    mimeType: r.mimeType,
  });

  return {
    stat: async (fileId) => described(await row(fileId)),

    async read(fileId) {
      const { sha256 } = await row(fileId);
      try {
        return await ctx.blobs.read(sha256);
      } catch (err) {
        // Our own storage out of reach is an outage (503, the job retried), not the integrator's drive (502).
        if (isStorageUnavailable(err)) throw err;
        throw new DriveUnavailableError(fileId, 'stored bytes could not be read', { cause: err });
      }
    },

    async put(filename, bytes) {
      const name = cleanFilename(filename);
      // The file drive's id shape, from a UUIDv7: files put in one millisecond (one upload of several, a
      // manual clock) list in the order they were put, since the list breaks ties in createdAt by id.
      const id = `lf_${newId().replaceAll('-', '')}`;
      // The bytes first: a file is listed only once they are stored.
      const sha256 = await ctx.blobs.put(bytes);
      await ctx.db.insert(driveFiles).values({
        id,
        accountId,
        filename: name,
        size: bytes.byteLength,
        mimeType: sniffMimeType(bytes),
        sha256,
        createdAt: ctx.clock.now(),
      });
      return { cloudFileId: id, filename: name };
    },

    async list() {
      const rows = await ctx.db
        .select()
        .from(driveFiles)
        .where(eq(driveFiles.accountId, accountId))
        .orderBy(asc(driveFiles.createdAt), asc(driveFiles.id));
      return rows.map((r) => ({ ...described(r), createdAt: new Date(r.createdAt).toISOString() }));
    },

    async remove(fileId) {
      if (!isLocalFileId(fileId)) return false;
      const removed = await ctx.db.transaction(async () => {
        const [gone] = await ctx.db
          .delete(driveFiles)
          .where(ofAccount(fileId))
          .returning({ sha256: driveFiles.sha256 });
        if (!gone) return undefined;
        // The bytes go too unless a session, template or another file still has them.
        const unused = await blobsOnlyUsedBy(ctx, null, [gone.sha256]);
        await forgetBlobs(ctx, unused);
        return unused;
      });
      if (!removed) return false;
      for (const sha256 of removed) await ctx.blobs.delete(sha256);
      return true;
    },
  };
}
