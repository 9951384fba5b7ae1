import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh directory per caller; tests never share data directories or SQLite files. */
export function tempDir(prefix = 'countersign-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export const repoRoot = path.resolve(import.meta.dirname, '../..');
