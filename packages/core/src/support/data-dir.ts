import fs from 'node:fs';
import path from 'node:path';

/**
 * Modes of everything under DATA_DIR: the database (and its WAL), blob PDFs, the dev mailbox (plaintext
 * signing links and codes), drive files and secrets are for the service's own user only, whatever the umask.
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/**
 * Creates DATA_DIR (0700) if missing, then tightens anything in it that a looser umask or an older version
 * left group- or world-accessible: directories to 0700, files to 0600. Returns the paths it changed (for the
 * caller to log); symbolic links are left alone (chmod would follow them out of DATA_DIR).
 */
export function secureDataDir(dataDir: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const tightened: string[] = [];
  const visit = (target: string, stat: fs.Stats) => {
    const wanted = stat.isDirectory() ? DATA_DIR_MODE : DATA_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted && (stat.mode & 0o077) !== 0) {
      fs.chmodSync(target, wanted);
      tightened.push(target);
    }
    if (!stat.isDirectory()) return;
    for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
      if (entry.isSymbolicLink() || !(entry.isDirectory() || entry.isFile())) continue;
      const child = path.join(target, entry.name);
      try {
        visit(child, fs.lstatSync(child));
      } catch (err) {
        // Gone between the listing and the stat (a temp file renamed by a concurrent writer).
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  };
  visit(dataDir, fs.lstatSync(dataDir));
  return tightened;
}

/** mkdir -p with every created level 0700 (mkdir's mode is reduced by the umask; 0700 minus it stays private). */
export function mkdirPrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
}

/** The start's one line about modes it had to tighten (none on a DATA_DIR this version created). */
export function logDataDirModes(
  log: { warn(obj: unknown, msg: string): void },
  dataDir: string,
  tightened: string[],
): void {
  if (tightened.length === 0) return;
  log.warn(
    { dataDir, count: tightened.length, paths: tightened.slice(0, 20) },
    'DATA_DIR held group- or world-accessible paths; tightened them to 0700/0600',
  );
}
