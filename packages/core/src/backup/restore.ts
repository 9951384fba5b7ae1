import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { DATA_DIR_MODE } from '../support/data-dir.ts';
import { BackupError, type BackupManifest, DATA, MANIFEST, verifyDataCopy } from './manifest.ts';

/**
 * Restores a backup into `dataDir`, which must be empty or not exist yet: a restore never mixes with or
 * overwrites a deployment. The archive is unpacked beside it, verified whole (every hash, the database's
 * integrity, every recorded blob), and only then moved into place.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
): Promise<{ dataDir: string; files: number }> {
  const target = path.resolve(dataDir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new BackupError(`${target} is not empty: restore only into an empty or new DATA_DIR`);
  if (!fs.existsSync(archive)) throw new BackupError(`${archive}: no such file`);
  const parent = path.dirname(target);
  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, '.countersign-restore-'));
  fs.chmodSync(staging, DATA_DIR_MODE);
  try {
    // node-tar strips absolute paths and refuses `..`: nothing lands outside the staging directory.
    await tar.extract({ file: archive, cwd: staging, strict: true }).catch((err: unknown) => {
      throw new BackupError(`${archive}: not a readable backup archive (${(err as Error).message})`);
    });
    const manifestFile = path.join(staging, MANIFEST);
    if (!fs.existsSync(manifestFile))
      throw new BackupError(`${archive}: no ${MANIFEST}: not a Countersign backup`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.format !== 'countersign-backup/1')
      throw new BackupError(`${archive}: unknown backup format ${String(manifest.format)}`);
    const copy = path.join(staging, DATA);
    await verifyDataCopy(copy, manifest);
    if (fs.existsSync(target)) fs.rmdirSync(target); // empty, checked above
    fs.renameSync(copy, target);
    fs.chmodSync(target, DATA_DIR_MODE);
    return { dataDir: target, files: manifest.files.length };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
