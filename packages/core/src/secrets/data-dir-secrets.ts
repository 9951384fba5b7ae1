import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomSecret, type SealCertificate, type SecretStore } from './secret-store.ts';

/**
 * The embedded topology's secrets: files in DATA_DIR/secrets with 0600 permissions. Creation is exclusive
 * (an exclusive open, a hard link), so processes starting together on this host agree on one value.
 */
export class DataDirSecrets implements SecretStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'secrets');
  }

  async get(name: string, create: () => string = randomSecret): Promise<string> {
    return loadOrCreateSecret(this.dir, name, create);
  }

  async seal(create: () => SealCertificate): Promise<SealCertificate> {
    const file = path.join(this.dir, 'seal.p12');
    const passFile = path.join(this.dir, 'seal.pass');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const generated = create();
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, generated.p12, { mode: 0o600 });
      fs.writeFileSync(`${passFile}.${process.pid}.tmp`, generated.passphrase, { mode: 0o600 });
      try {
        fs.linkSync(tmp, file); // fails if another process won the race: then use theirs
        fs.renameSync(`${passFile}.${process.pid}.tmp`, passFile);
      } catch {}
      fs.rmSync(tmp, { force: true });
      fs.rmSync(`${passFile}.${process.pid}.tmp`, { force: true });
    }
    // The winner renames its passphrase file a moment after linking the certificate.
    for (let i = 0; i < 100 && !fs.existsSync(passFile); i++) await sleep(20);
    return { p12: fs.readFileSync(file), passphrase: fs.readFileSync(passFile, 'utf8') };
  }
}

/** Reads a secret file in `dir`, creating it with `create()` if missing (exclusive create). */
export async function loadOrCreateSecret(dir: string, name: string, create: () => string): Promise<string> {
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
    await sleep(10);
  }
  throw new Error(`secret ${file} is empty`);
}
