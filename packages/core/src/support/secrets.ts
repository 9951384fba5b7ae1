import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret kept in DATA_DIR/secrets, creating it on first start with 0600 permissions.
 * Creation uses an exclusive open so two processes starting together agree on one value.
 */
export function loadOrCreateSecret(
  dataDir: string,
  name: string,
  create: () => string = () => randomBytes(32).toString('base64url'),
): string {
  const dir = path.join(dataDir, 'secrets');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    fs.writeSync(fd, create());
    fs.closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // A reader racing the creator may see an empty file for a moment.
  for (let i = 0; i < 50; i++) {
    const value = fs.readFileSync(file, 'utf8').trim();
    if (value) return value;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  throw new Error(`secret ${file} is empty`);
}
