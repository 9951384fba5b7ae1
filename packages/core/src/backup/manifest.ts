import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inspectDatabaseCopy } from '@countersign/db';

/** The archive: `manifest.json` beside `data/`, a copy of DATA_DIR; every file listed with its SHA-256. */
export const MANIFEST = 'manifest.json';
export const DATA = 'data';
export const DATABASE = 'countersign.db';

export interface BackupManifest {
  format: 'countersign-backup/1';
  createdAt: string;
  files: { path: string; size: number; sha256: string }[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `root`, as POSIX paths relative to it, sorted. */
export function listFiles(root: string, skip: (relative: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (skip(relative)) continue;
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) out.push(relative);
    }
  };
  visit(root);
  return out.sort();
}

/**
 * Checks a copy of DATA_DIR against its manifest and itself: the same files (no more, no fewer) with their
 * sizes and hashes; every blob named by its content's hash; the database intact and every blob it records
 * present. Throws BackupError naming the first problem.
 */
export async function verifyDataCopy(dataDir: string, manifest: BackupManifest): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const present = listFiles(dataDir);
  for (const file of present)
    if (!listed.has(file)) throw new BackupError(`${file}: in the archive but not in its manifest`);
  for (const entry of manifest.files) {
    const file = path.join(dataDir, entry.path);
    if (!fs.existsSync(file)) throw new BackupError(`${entry.path}: listed in the manifest but missing`);
    const sha256 = await sha256File(file);
    if (sha256 !== entry.sha256 || fs.statSync(file).size !== entry.size)
      throw new BackupError(`${entry.path}: its SHA-256 does not match the manifest (damaged archive)`);
    const blob = /^blobs\/[0-9a-f]{2}\/([0-9a-f]{64})$/.exec(entry.path);
    if (blob && blob[1] !== sha256) throw new BackupError(`${entry.path}: content does not match its name`);
  }
  if (!listed.has(DATABASE)) throw new BackupError(`${DATABASE}: missing from the archive`);
  const { integrity, blobs } = inspectDatabaseCopy(path.join(dataDir, DATABASE));
  if (integrity !== 'ok') throw new BackupError(`${DATABASE}: integrity check failed: ${integrity}`);
  for (const { sha256, size } of blobs) {
    const entry = listed.get(`blobs/${sha256.slice(0, 2)}/${sha256}`);
    if (!entry || entry.size !== size)
      throw new BackupError(`blob ${sha256}: recorded in the database but not in the archive`);
  }
}
