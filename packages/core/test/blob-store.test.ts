import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@countersign/config';
import {
  type BlobStore,
  DatabaseBlobStore,
  FileBlobStore,
  type Runtime,
  S3BlobStore,
} from '@countersign/core';
import { blobContents, blobs } from '@countersign/db';
import { startS3 } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// Every blob store keeps the same promises, on a real SQLite file, a real PostgreSQL database of the test's
// own and a real S3-compatible server (s3rver); with DATABASE_URL set the runtime keeps every blob in the
// database and nothing under DATA_DIR.
const s3 = await startS3();
afterAll(() => s3.stop());
const runtimeOn = async (dialect: 'sqlite' | 'postgres'): Promise<Runtime> =>
  testRuntime(dialect === 'postgres' ? await postgresDatabase() : undefined);

const stores: [string, 'sqlite' | 'postgres', (r: Runtime) => BlobStore][] = [
  ['files, on SQLite', 'sqlite', (r) => new FileBlobStore(r.ctx)],
  ['the database, on SQLite', 'sqlite', (r) => new DatabaseBlobStore(r.ctx)],
  ['the database, on PostgreSQL', 'postgres', (r) => new DatabaseBlobStore(r.ctx)],
  ['an S3 bucket, on PostgreSQL', 'postgres', (r) => new S3BlobStore(r.ctx, loadConfig(s3.env).s3!)],
];

const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

describe.each(stores)('blobs in %s', (_name, dialect, storeOf) => {
  it('stores bytes once under their SHA-256, reads, streams and deletes them', async () => {
    const r = await runtimeOn(dialect);
    const store = storeOf(r);
    const bytes = new Uint8Array(Buffer.from('%PDF-1.7 a blob that is not quite a PDF\n'.repeat(100)));
    const sha = await store.put(bytes);
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.put(bytes.slice())).toBe(sha);
    expect(await r.db.select().from(blobs).where(eq(blobs.sha256, sha))).toEqual([
      { sha256: sha, size: bytes.byteLength, createdAt: r.ctx.clock.now() },
    ]);

    expect(Buffer.from(await store.read(sha)).equals(bytes)).toBe(true);
    expect(await store.size(sha)).toBe(bytes.byteLength);
    expect(await store.has(sha)).toBe(true);
    const { size, body } = await store.open(sha);
    expect(size).toBe(bytes.byteLength);
    expect((await text(body)).equals(bytes)).toBe(true);

    await store.delete(sha);
    expect(await store.has(sha)).toBe(false);
    await expect(store.read(sha)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.delete(sha); // a rerun of a purge
  });

  it('refuses a name that is not a SHA-256 (no path tricks)', async () => {
    const store = storeOf(await runtimeOn(dialect));
    await expect(store.read('../../secrets/data.key')).rejects.toThrow('not a sha256');
    await expect(store.put(new Uint8Array([1]), 'ABC')).rejects.toThrow('not a sha256');
  });
});

describe('the runtime picks where blobs live', () => {
  it('keeps them in files beside SQLite, and in the database (nothing on disk) with PostgreSQL', async () => {
    const embedded = await runtimeOn('sqlite');
    const scaled = await runtimeOn('postgres');
    expect(embedded.ctx.blobs).toBeInstanceOf(FileBlobStore);
    expect(scaled.ctx.blobs).toBeInstanceOf(DatabaseBlobStore);

    const sha = await scaled.ctx.blobs.put(new Uint8Array([37, 80, 68, 70]));
    expect(await scaled.db.select({ sha256: blobContents.sha256 }).from(blobContents)).toEqual([
      { sha256: sha },
    ]);
    expect(fs.existsSync(path.join(scaled.ctx.config.dataDir, 'blobs'))).toBe(false);
  });
});
