import fs from 'node:fs';
import path from 'node:path';
import { backupDatabase } from '@countersign/db';
import * as tar from 'tar';
import type { ServiceContext } from '../context.ts';
import { DATA_DIR_MODE, DATA_FILE_MODE } from '../support/data-dir.ts';
import {
  type BackupManifest,
  DATA,
  DATABASE,
  listFiles,
  MANIFEST,
  sha256File,
  verifyDataCopy,
} from './manifest.ts';

/** The database's own files (copied by the online backup instead) and writers' temp files. */
const skipped = (relative: string) =>
  relative === DATABASE ||
  relative.startsWith(`${DATABASE}-`) ||
  /(^|\/)\.tmp-/.test(relative) ||
  /\.tmp$/.test(relative);

export interface BackupResult {
  file: string;
  bytes: number;
  files: number;
  blobs: number;
}

/**
 * A consistent copy of a running embedded deployment's DATA_DIR into one gzipped tar file (mode 0600: it
 * holds the secrets). The database first, by SQLite's online backup; then every other file. Blobs are written
 * before the rows that name them and never change, so every blob the snapshot refers to is already on disk.
 * The staged copy is verified (hashes, blob names, integrity, every recorded blob present) before the archive
 * replaces `target` atomically.
 */
export async function createBackup(ctx: ServiceContext, target: string): Promise<BackupResult> {
  const dest = path.resolve(target);
  const staging = fs.mkdtempSync(path.join(path.dirname(dest), '.countersign-backup-'));
  fs.chmodSync(staging, DATA_DIR_MODE);
  try {
    const copy = path.join(staging, DATA);
    fs.mkdirSync(copy, { mode: DATA_DIR_MODE });
    await backupDatabase(ctx.db, path.join(copy, DATABASE));
    const { dataDir } = ctx.config;
    for (const relative of listFiles(dataDir, skipped)) {
      const to = path.join(copy, relative);
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: DATA_DIR_MODE });
      try {
        fs.copyFileSync(path.join(dataDir, relative), to);
      } catch (err) {
        // Gone since the listing (a dev-mailbox temp file renamed): nothing the snapshot needs.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    const files = [];
    for (const relative of listFiles(copy)) {
      const file = path.join(copy, relative);
      files.push({ path: relative, size: fs.statSync(file).size, sha256: await sha256File(file) });
    }
    const manifest: BackupManifest = {
      format: 'countersign-backup/1',
      createdAt: new Date(ctx.clock.now()).toISOString(),
      files,
    };
    await verifyDataCopy(copy, manifest);
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2), {
      mode: DATA_FILE_MODE,
    });

    const partial = path.join(staging, 'archive.tar.gz');
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, DATA]);
    fs.chmodSync(partial, DATA_FILE_MODE);
    fs.renameSync(partial, dest);
    return {
      file: dest,
      bytes: fs.statSync(dest).size,
      files: files.length,
      blobs: files.filter((f) => f.path.startsWith('blobs/')).length,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
