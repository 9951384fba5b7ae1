import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@countersign/config';
import { createAccount, DatabaseSecrets, DataKey } from '@countersign/core';
import { serviceSecrets } from '@countersign/db';
import { type TestDatabase, tempDir } from '@countersign/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// With PostgreSQL, processes on different hosts (here: different DATA_DIRs) share one set of keys, kept in
// the database encrypted under SECRETS_KEY; none of them writes a secret to its own disk.
let database: TestDatabase;
beforeAll(async () => {
  database = await postgresDatabase();
});

const host = (env: Record<string, string> = {}) => testRuntime(database, env);

describe('secrets in PostgreSQL', () => {
  it('gives two hosts the same data, code and JWT keys and seal certificate, and writes none to disk', async () => {
    const [a, b] = await Promise.all([host(), host()]);
    expect(b.ctx.secrets.dataKey.decrypt(a.ctx.secrets.dataKey.encrypt('a signing link'))).toBe(
      'a signing link',
    );
    expect(b.ctx.secrets.codeKey).toBe(a.ctx.secrets.codeKey);
    expect(b.ctx.secrets.jwtSecret).toBe(a.ctx.secrets.jwtSecret);
    const [sealA, sealB] = await Promise.all([
      a.ctx.secrets.sealCertificate(),
      b.ctx.secrets.sealCertificate(),
    ]);
    expect(Buffer.from(sealB.p12).equals(Buffer.from(sealA.p12))).toBe(true);
    expect(sealB.passphrase).toBe(sealA.passphrase);

    // An access token one host issues, the other accepts.
    const { accountId, refreshToken } = await createAccount(a.ctx, {
      name: 'Hosts',
      email: 'hosts@example.test',
    });
    const { access_token } = await a.accessTokens.exchange(refreshToken, '127.0.0.1');
    await expect(b.accessTokens.verify(access_token)).resolves.toMatchObject({ accountId });

    for (const r of [a, b]) expect(fs.existsSync(path.join(r.ctx.config.dataDir, 'secrets'))).toBe(false);
    const rows = await a.db.select().from(serviceSecrets);
    expect(rows.map((r) => r.name).sort()).toEqual(['data.key', 'jwt.key', 'otp.key', 'seal']);
    for (const row of rows) {
      expect(row.encrypted).toMatch(/^v1\./);
      expect(row.encrypted).not.toContain(a.ctx.secrets.codeKey);
    }
  });

  it('refuses to start with another SECRETS_KEY rather than make new keys', async () => {
    await host();
    await expect(host({ SECRETS_KEY: 'another key of thirty-two characters or more' })).rejects.toThrow(
      'SECRETS_KEY is not the one it was stored with',
    );
  });

  it('stores one value when many processes ask for a new secret at once', async () => {
    const r = await host();
    const key = DataKey.fromPassphrase(r.ctx.config.secretsKey!);
    const stores = Array.from({ length: 6 }, () => new DatabaseSecrets(r.db, key, r.ctx.clock));
    const values = await Promise.all(stores.map((s, i) => s.get('race.key', () => `value-${i}`)));
    expect(new Set(values).size).toBe(1);
  });

  it('is configured or refused at start: DATABASE_URL needs SECRETS_KEY', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir('countersign-host-'), DATABASE_URL: database.url })).toThrow(
      /SECRETS_KEY: is required with DATABASE_URL/,
    );
  });
});
