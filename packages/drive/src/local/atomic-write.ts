import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Temp files start with a dot and end in `.tmp`; readers skip them, so a crash leaves nothing visible. */
export function isTempName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/** Writes to a temp file in the same directory, syncs, then renames: readers see all or nothing. */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
