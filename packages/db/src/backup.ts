import Database from 'better-sqlite3';
import type { Db } from './open.ts';

/**
 * SQLite's online backup of a live database into `dest`: a consistent snapshot taken page by page while
 * other connections keep reading and writing (a write in the middle restarts the copy of what it touched).
 */
export async function backupDatabase(db: Db, dest: string): Promise<void> {
  await db.$client.backup(dest);
  // A self-contained file: out of WAL mode, so opening the copy (to check it) leaves no -wal/-shm beside it.
  // The service switches it back to WAL when it opens the restored file.
  const copy = new Database(dest, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Opens a copied database read-only: its integrity check and the blobs it records. */
export function inspectDatabaseCopy(file: string): {
  integrity: string;
  blobs: { sha256: string; size: number }[];
} {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = String(sqlite.pragma('integrity_check', { simple: true }));
    const blobs = sqlite.prepare('SELECT sha256, size FROM blobs').all() as {
      sha256: string;
      size: number;
    }[];
    return { integrity, blobs };
  } finally {
    sqlite.close();
  }
}
