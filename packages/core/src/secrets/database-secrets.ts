import { type Db, serviceSecrets } from '@countersign/db';
import { eq } from 'drizzle-orm';
import type { Clock } from '../support/clock.ts';
import type { DataKey } from '../support/data-key.ts';
import { randomSecret, type SealCertificate, type SecretStore } from './secret-store.ts';

/**
 * Secrets in the database (`service_secrets`), encrypted under the key from SECRETS_KEY: the scaled topology's,
 * so that every host uses the same keys and none keeps them on its disk. Insert-if-absent then read: the
 * first process to store a value wins, every other one reads it.
 */
export class DatabaseSecrets implements SecretStore {
  constructor(
    private readonly db: Db,
    private readonly key: DataKey,
    private readonly clock: Clock,
  ) {}

  async get(name: string, create: () => string = randomSecret): Promise<string> {
    const stored = await this.read(name);
    if (stored !== undefined) return stored;
    await this.db
      .insert(serviceSecrets)
      .values({ name, encrypted: this.key.encrypt(create()), createdAt: this.clock.now() })
      .onConflictDoNothing();
    const value = await this.read(name);
    if (value === undefined) throw new Error(`secret ${name} was not stored`);
    return value;
  }

  async seal(create: () => SealCertificate): Promise<SealCertificate> {
    const stored = JSON.parse(
      await this.get('seal', () => {
        const { p12, passphrase } = create();
        return JSON.stringify({ p12: Buffer.from(p12).toString('base64'), passphrase });
      }),
    ) as { p12: string; passphrase: string };
    return { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase };
  }

  private async read(name: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ encrypted: serviceSecrets.encrypted })
      .from(serviceSecrets)
      .where(eq(serviceSecrets.name, name));
    // A value that does not decrypt means another SECRETS_KEY: stop rather than generate keys anew.
    if (!row) return undefined;
    try {
      return this.key.decrypt(row.encrypted);
    } catch {
      throw new Error(`secret ${name} does not decrypt: SECRETS_KEY is not the one it was stored with`);
    }
  }
}
