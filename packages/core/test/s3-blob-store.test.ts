import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@countersign/config';
import {
  BlobStoreUnavailableError,
  createAccount,
  FileBlobStore,
  isStorageUnavailable,
  S3BlobStore,
} from '@countersign/core';
import { blobContents, blobs } from '@countersign/db';
import { isDriveError } from '@countersign/drive';
import { freePort, startS3 } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseDrive } from '../src/drive/database-drive.ts';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// The S3 store against a real S3-compatible server (s3rver, in this process): what blob-store.test.ts holds
// every store to, plus what is S3's own: objects named by hash under S3_PREFIX, an upload skipped when the
// object is there, and clear failures for bad credentials, a missing bucket and an endpoint out of reach.
const s3 = await startS3();
afterAll(() => s3.stop());

const pdf = (text: string) => new Uint8Array(Buffer.from(`%PDF-1.7 ${text}\n`.repeat(50)));

/** A runtime on PostgreSQL with blobs in the test's bucket (or the settings given). */
async function scaled(env: Record<string, string> = s3.env) {
  return testRuntime(await postgresDatabase(), env);
}
const storeOf = async (env: Record<string, string> = s3.env) => {
  const r = await scaled(env);
  return new S3BlobStore(r.ctx, loadConfig(env).s3!);
};

describe('blobs in an S3 bucket', () => {
  it('with PostgreSQL and S3_* the runtime keeps every blob in the bucket: none in the database, none on disk', async () => {
    const r = await scaled({ ...s3.env, S3_PREFIX: 'runtime' });
    expect(r.ctx.blobs).toBeInstanceOf(S3BlobStore);
    const bytes = pdf('runtime');
    const sha = await r.ctx.blobs.put(bytes);
    expect(await s3.objects()).toContainEqual({ key: `runtime/${sha}`, size: bytes.byteLength });
    expect(await r.db.select().from(blobContents)).toEqual([]);
    expect(await r.db.select({ sha256: blobs.sha256, size: blobs.size }).from(blobs)).toEqual([
      { sha256: sha, size: bytes.byteLength },
    ]);
    expect(fs.existsSync(path.join(r.ctx.config.dataDir, 'blobs'))).toBe(false);
  });

  it('without PostgreSQL, S3_* names only db copy’s target: the embedded runtime keeps its files', async () => {
    expect((await testRuntime(undefined, s3.env)).ctx.blobs).toBeInstanceOf(FileBlobStore);
  });

  it('uploads an object once: a put of a name already there sends nothing', async () => {
    const store = await storeOf({ ...s3.env, S3_PREFIX: 'once/' });
    const bytes = pdf('once');
    const sha = await store.put(bytes);
    // Other bytes under the same name would replace the object if put uploaded them; it only asks (HEAD).
    expect(await store.put(pdf('not these'), sha)).toBe(sha);
    expect(Buffer.from(await store.read(sha)).equals(bytes)).toBe(true);
    expect((await s3.objects()).filter((o) => o.key.startsWith('once/'))).toEqual([
      { key: `once/${sha}`, size: bytes.byteLength },
    ]);
    expect(await store.bucket.holdsAny()).toBe(true);
  });

  it('answers a missing object as the other stores do', async () => {
    const store = await storeOf();
    const sha = 'ab'.repeat(32);
    expect(await store.has(sha)).toBe(false);
    await expect(store.read(sha)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.open(sha)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.size(sha)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.delete(sha);
    expect(await (await storeOf({ ...s3.env, S3_PREFIX: 'empty' })).bucket.holdsAny()).toBe(false);
  });

  it('names the settings to check when refused: unknown credentials, a missing bucket', async () => {
    const secret = 'hunter2-secret-access-key';
    const stranger = await storeOf({ ...s3.env, S3_ACCESS_KEY_ID: 'NOBODY', S3_SECRET_ACCESS_KEY: secret });
    const refused = await stranger.put(pdf('stranger')).catch((err: Error) => err);
    expect((refused as Error).message).toMatch(
      /refused HEAD \w+: 403: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect((refused as Error).message).not.toContain(secret);
    await expect(stranger.read('cd'.repeat(32))).rejects.toThrow(/refused GET \w+: 403 InvalidAccessKeyId/);

    const nowhere = await storeOf({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    await expect(nowhere.put(pdf('nowhere'))).rejects.toThrow(/404 NoSuchBucket: check S3_BUCKET/);
    await expect(nowhere.read('cd'.repeat(32))).rejects.toThrow(/NoSuchBucket/);
  });

  it('fails at once as unavailable (a 503 for the API) when nothing answers at the endpoint', async () => {
    const gone = await storeOf({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    const started = Date.now();
    await expect(gone.put(pdf('gone'))).rejects.toBeInstanceOf(BlobStoreUnavailableError);
    await expect(gone.open('ef'.repeat(32))).rejects.toThrow(
      /blob storage s3:\/\/countersign-test\/ is out of reach/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is reachable (for /readyz) only while the bucket answers: not with unknown keys, nor no bucket, nor nothing there', async () => {
    expect(await (await storeOf()).reachable()).toBe(true);
    const failing = {
      'unknown keys': { ...s3.env, S3_ACCESS_KEY_ID: 'NOBODY' },
      'no bucket': { ...s3.env, S3_BUCKET: 'no-such-bucket' },
      'nothing there': { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` },
    };
    for (const [what, env] of Object.entries(failing))
      expect(await (await storeOf(env)).reachable(), what).toBe(false);
  });

  it('a drive file whose bytes the bucket cannot give is our outage (503, the job retried), not the drive failing (502)', async () => {
    const r = await scaled({ ...s3.env, S3_PREFIX: 'drive-outage' });
    const { accountId } = await createAccount(r.ctx, { name: 'Ann', email: 'ann@s3-drive.test' });
    const drive = createDatabaseDrive(r.ctx, accountId, {});
    const { cloudFileId } = await drive.put('Lease.pdf', pdf('drive outage'));
    await s3.stop();
    try {
      const err = await drive.read(cloudFileId).catch((e: unknown) => e);
      expect(isStorageUnavailable(err)).toBe(true);
      expect(isDriveError(err)).toBe(false);
    } finally {
      await s3.restart();
    }
    expect((await drive.read(cloudFileId)).byteLength).toBe(pdf('drive outage').byteLength);
  });
});
