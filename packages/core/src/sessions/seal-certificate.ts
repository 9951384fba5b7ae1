import fs from 'node:fs';
import path from 'node:path';
import { generateSealCertificate } from '@countersign/pdf-engine';
import type { ServiceContext } from '../context.ts';

export interface SealCertificate {
  p12: Uint8Array;
  passphrase: string;
}

const cache = new Map<string, SealCertificate>();

/**
 * The certificate that seals completed documents: the configured PKCS#12 (SEAL_P12_PATH), or one generated
 * on first use and kept in DATA_DIR/secrets with 0600 permissions. Exclusive create, so concurrent workers
 * agree on one certificate.
 */
export function sealCertificate(ctx: ServiceContext): SealCertificate {
  const { seal, dataDir } = ctx.config;
  const key = seal.p12Path ?? dataDir;
  const cached = cache.get(key);
  if (cached) return cached;
  let cert: SealCertificate;
  if (seal.p12Path) {
    cert = { p12: fs.readFileSync(seal.p12Path), passphrase: seal.p12Passphrase ?? '' };
  } else {
    const dir = path.join(dataDir, 'secrets');
    const file = path.join(dir, 'seal.p12');
    const passFile = path.join(dir, 'seal.pass');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const generated = generateSealCertificate({
        commonName: `${seal.name} document seal`,
        organization: seal.name,
      });
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
    for (let i = 0; i < 100 && !fs.existsSync(passFile); i++)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    cert = { p12: fs.readFileSync(file), passphrase: fs.readFileSync(passFile, 'utf8') };
  }
  cache.set(key, cert);
  return cert;
}
