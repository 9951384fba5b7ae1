import fs from 'node:fs';
import type { Config } from '@countersign/config';
import { generateSealCertificate } from '@countersign/pdf-engine';
import type { SealCertificate, SecretStore } from './secret-store.ts';

/**
 * The certificate that seals completed documents: the configured PKCS#12 (SEAL_P12_PATH), or one generated on
 * first use and kept with the other secrets, so concurrent workers agree on one certificate.
 */
export function loadSealCertificate(config: Config, store: SecretStore): Promise<SealCertificate> {
  const { seal } = config;
  if (seal.p12Path)
    return Promise.resolve({ p12: fs.readFileSync(seal.p12Path), passphrase: seal.p12Passphrase ?? '' });
  return store.seal(() =>
    generateSealCertificate({ commonName: `${seal.name} document seal`, organization: seal.name }),
  );
}
