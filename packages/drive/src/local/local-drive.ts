import { mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DriveFileNotFoundError, DriveFileTooLargeError, DriveUnavailableError } from '../errors.ts';
import type { DriveFile, DriveLimits, DriveProvider } from '../types.ts';
import { isTempName, writeFileAtomic } from './atomic-write.ts';
import { isLocalFileId, isValidAccountId, newLocalFileId } from './file-id.ts';
import { cleanFilename, sniffMimeType } from './filename.ts';

export interface LocalDrive extends DriveProvider {
  put(filename: string, bytes: Uint8Array): Promise<{ cloudFileId: string; filename: string }>;
  /** Every complete file of the account, oldest first. */
  list(): Promise<(DriveFile & { createdAt: string })[]>;
  /** True when the file existed. */
  remove(fileId: string): Promise<boolean>;
}

const metaSchema = z.object({
  id: z.string(),
  filename: z.string().min(1),
  size: z.number().int().nonnegative(),
  mimeType: z.string().min(1),
  createdAt: z.string(),
});
type StoredMeta = z.infer<typeof metaSchema>;

const META_FILE = /^(lf_[0-9a-f]{32})\.json$/;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A part of a file that could not be read: gone (not found), or the storage failed (unavailable). */
function readFailure(fileId: string, err: unknown): Error {
  if (isMissing(err)) return new DriveFileNotFoundError(fileId, { cause: err });
  return new DriveUnavailableError(fileId, 'local storage could not be read', { cause: err });
}

function toDriveFile(meta: StoredMeta): DriveFile {
  return { id: meta.id, filename: meta.filename, size: meta.size, mimeType: meta.mimeType };
}

/**
 * The embedded drive: `rootDir/<accountId>/<id>.bin` holds the bytes, `<id>.json` the metadata.
 * The metadata is written last, so a file exists exactly when its `.json` does.
 * `limits.maxBytes` (optional) is enforced on stat and read like the cloud providers do.
 */
export function createLocalDrive(
  rootDir: string,
  accountId: string,
  limits?: Partial<DriveLimits>,
): LocalDrive {
  if (!isValidAccountId(accountId)) {
    throw new TypeError('accountId must be 1-128 characters of letters, digits, "_" or "-"');
  }
  const dir = join(rootDir, accountId);
  const maxBytes = limits?.maxBytes ?? Number.POSITIVE_INFINITY;
  const bytesPath = (id: string) => join(dir, `${id}.bin`);
  const metaPath = (id: string) => join(dir, `${id}.json`);

  async function loadMeta(fileId: string): Promise<StoredMeta> {
    if (!isLocalFileId(fileId)) throw new DriveFileNotFoundError(fileId);
    let raw: string;
    try {
      raw = await readFile(metaPath(fileId), 'utf8');
    } catch (err) {
      throw readFailure(fileId, err);
    }
    try {
      const meta = metaSchema.parse(JSON.parse(raw));
      if (meta.id !== fileId) throw new Error(`metadata names ${meta.id}`);
      return meta;
    } catch (err) {
      throw new DriveUnavailableError(fileId, 'local metadata is corrupt', { cause: err });
    }
  }

  async function stat(fileId: string): Promise<DriveFile> {
    const meta = await loadMeta(fileId);
    if (meta.size > maxBytes) throw new DriveFileTooLargeError(fileId, maxBytes);
    return toDriveFile(meta);
  }

  async function read(fileId: string): Promise<Uint8Array> {
    const meta = await loadMeta(fileId);
    if (meta.size > maxBytes) throw new DriveFileTooLargeError(fileId, maxBytes);
    let fh: Awaited<ReturnType<typeof open>>;
    try {
      fh = await open(bytesPath(fileId), 'r');
    } catch (err) {
      // Removed between the two reads: it no longer exists.
      throw readFailure(fileId, err);
    }
    try {
      const { size } = await fh.stat();
      if (size > maxBytes) throw new DriveFileTooLargeError(fileId, maxBytes);
      if (size !== meta.size)
        throw new DriveUnavailableError(fileId, 'stored bytes do not match their metadata');
      const buf = await fh.readFile();
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (err) {
      if (err instanceof DriveFileTooLargeError || err instanceof DriveUnavailableError) throw err;
      throw new DriveUnavailableError(fileId, 'local storage could not be read', { cause: err });
    } finally {
      await fh.close();
    }
  }

  async function put(
    filename: string,
    bytes: Uint8Array,
  ): Promise<{ cloudFileId: string; filename: string }> {
    const name = cleanFilename(filename);
    const id = newLocalFileId();
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(bytesPath(id), bytes);
    const meta: StoredMeta = {
      id,
      filename: name,
      size: bytes.byteLength,
      mimeType: sniffMimeType(bytes),
      createdAt: new Date().toISOString(),
    };
    try {
      await writeFileAtomic(metaPath(id), JSON.stringify(meta));
    } catch (err) {
      await unlink(bytesPath(id)).catch(() => {});
      throw err;
    }
    return { cloudFileId: id, filename: name };
  }

  async function list(): Promise<(DriveFile & { createdAt: string })[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
    const metas: StoredMeta[] = [];
    for (const name of names) {
      const id = isTempName(name) ? undefined : META_FILE.exec(name)?.[1];
      if (id === undefined) continue;
      try {
        metas.push(await loadMeta(id));
      } catch (err) {
        // Removed while listing: skip it. Corrupt metadata is a real fault: surface it.
        if (err instanceof DriveFileNotFoundError) continue;
        throw err;
      }
    }
    metas.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    return metas.map((meta) => ({ ...toDriveFile(meta), createdAt: meta.createdAt }));
  }

  async function remove(fileId: string): Promise<boolean> {
    if (!isLocalFileId(fileId)) return false;
    try {
      // Metadata first: the file disappears in one step, a leftover .bin is invisible.
      await unlink(metaPath(fileId));
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
    await unlink(bytesPath(fileId)).catch((err: unknown) => {
      if (!isMissing(err)) throw err;
    });
    return true;
  }

  return { stat, read, put, list, remove };
}
