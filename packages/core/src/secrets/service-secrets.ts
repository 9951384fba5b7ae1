import type { Config } from '@countersign/config';
import type { Db } from '@countersign/db';
import type { Clock } from '../support/clock.ts';
import { DataKey } from '../support/data-key.ts';
import { DataDirSecrets } from './data-dir-secrets.ts';
import { DatabaseSecrets } from './database-secrets.ts';
import { loadSealCertificate } from './seal-certificate.ts';
import type { SealCertificate, SecretStore } from './secret-store.ts';

/** The keys every process needs, read (or generated) once at start: ctx.secrets. */
export interface ServiceSecrets {
  /** Encrypts what the service must read again: links, outbox payloads, drive tokens (data-key.ts). */
  dataKey: DataKey;
  /** HMAC key of one-time code hashes: a stolen database alone does not let 10^6 guesses find a code. */
  codeKey: string;
  /** HMAC key of access tokens (JWT_SECRET when configured). */
  jwtSecret: string;
  /** The seal certificate, generated on first use (seconds of key generation that most processes never need). */
  sealCertificate(): Promise<SealCertificate>;
}

/** DATA_DIR/secrets in the embedded topology; the database, encrypted under SECRETS_KEY, with PostgreSQL. */
export function secretStoreFor(config: Config, db: Db, clock: Clock): SecretStore {
  if (db.$connection.dialect !== 'postgres') return new DataDirSecrets(config.dataDir);
  if (!config.secretsKey) throw new Error('SECRETS_KEY is required with DATABASE_URL');
  return new DatabaseSecrets(db, DataKey.fromPassphrase(config.secretsKey), clock);
}

export async function loadServiceSecrets(config: Config, store: SecretStore): Promise<ServiceSecrets> {
  const [dataKey, codeKey, jwtSecret] = await Promise.all([
    store.get('data.key'),
    store.get('otp.key'),
    config.jwtSecret ?? store.get('jwt.key'),
  ]);
  let seal: Promise<SealCertificate> | undefined;
  return {
    dataKey: DataKey.fromStored(dataKey),
    codeKey,
    jwtSecret,
    sealCertificate: () => {
      // Kept once loaded; a failure (a missing SEAL_P12_PATH) is tried again next time.
      seal ??= loadSealCertificate(config, store).catch((err: unknown) => {
        seal = undefined;
        throw err;
      });
      return seal;
    },
  };
}
