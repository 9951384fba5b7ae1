import fs from 'node:fs';
import path from 'node:path';
import { createAccount, localDrive, type ManualClock, type Runtime } from '@countersign/core';
import { driveFiles } from '@countersign/db';
import { DriveFileNotFoundError, DriveFileTooLargeError } from '@countersign/drive';
import { describe, expect, it } from 'vitest';
import { blobsOnlyUsedBy } from '../src/blobs/blob-refs.ts';
import { createDatabaseDrive } from '../src/drive/database-drive.ts';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// The embedded drive kept in the database (what every host uses on PostgreSQL): the file drive's promises,
// held on both servers, and its bytes shared with, and kept for, whatever else uses them.

const pdf = (tag: string) => new TextEncoder().encode(`%PDF-1.7\n% ${tag}\n%%EOF\n`);

async function account(r: Runtime, name: string) {
  return (await createAccount(r.ctx, { name, email: `${name}@drive.test` })).accountId;
}

describe.each(['sqlite', 'postgres'] as const)('the database drive on %s', (dialect) => {
  const runtime = async () =>
    await testRuntime(dialect === 'postgres' ? await postgresDatabase() : undefined);

  it('stores, lists, describes, reads and removes an account’s files', async () => {
    const r = await runtime();
    const drive = createDatabaseDrive(r.ctx, await account(r, 'ann'), {});
    const first = await drive.put('../contracts/Lease.pdf', pdf('lease'));
    (r.ctx.clock as ManualClock).advance(1); // listed oldest first
    const second = await drive.put('notes.txt', new TextEncoder().encode('plain text'));
    expect(first).toEqual({ cloudFileId: expect.stringMatching(/^lf_[0-9a-f]{32}$/), filename: 'Lease.pdf' });
    expect(await drive.stat(first.cloudFileId)).toEqual({
      id: first.cloudFileId,
      filename: 'Lease.pdf',
      size: pdf('lease').byteLength,
      mimeType: 'application/pdf',
    });
    expect((await drive.stat(second.cloudFileId)).mimeType).toBe('application/octet-stream');
    expect(Buffer.from(await drive.read(first.cloudFileId)).equals(Buffer.from(pdf('lease')))).toBe(true);
    expect((await drive.list()).map((f) => f.id)).toEqual([first.cloudFileId, second.cloudFileId]);

    expect(await drive.remove(first.cloudFileId)).toBe(true);
    expect(await drive.remove(first.cloudFileId)).toBe(false);
    await expect(drive.read(first.cloudFileId)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    expect((await drive.list()).map((f) => f.id)).toEqual([second.cloudFileId]);
  });

  it('lists files put in the same millisecond in the order they were put (one upload of several)', async () => {
    const r = await runtime();
    const drive = createDatabaseDrive(r.ctx, await account(r, 'cy'), {});
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await drive.put(`Part ${i}.pdf`, pdf(`part ${i}`))).cloudFileId);
    expect((await drive.list()).map((f) => f.id)).toEqual(ids);
  });

  it('keeps accounts apart, refuses ids that are not its own and files over the limit', async () => {
    const r = await runtime();
    const ann = createDatabaseDrive(r.ctx, await account(r, 'ann'), {});
    const bob = createDatabaseDrive(r.ctx, await account(r, 'bob'), {});
    const { cloudFileId } = await ann.put('a.pdf', pdf('ann'));
    await expect(bob.stat(cloudFileId)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    await expect(bob.read(cloudFileId)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    expect(await bob.remove(cloudFileId)).toBe(false);
    expect(await bob.list()).toEqual([]);
    await expect(ann.stat('../../etc/passwd')).rejects.toBeInstanceOf(DriveFileNotFoundError);

    const small = createDatabaseDrive(r.ctx, await account(r, 'cy'), { maxBytes: 10 });
    const big = await small.put('big.pdf', pdf('too large for ten bytes'));
    await expect(small.stat(big.cloudFileId)).rejects.toBeInstanceOf(DriveFileTooLargeError);
    await expect(small.read(big.cloudFileId)).rejects.toBeInstanceOf(DriveFileTooLargeError);
  });

  it('deletes a removed file’s bytes only once nothing else uses them', async () => {
    const r = await runtime();
    const drive = createDatabaseDrive(r.ctx, await account(r, 'ann'), {});
    const bytes = pdf('shared');
    const one = await drive.put('one.pdf', bytes);
    const two = await drive.put('two.pdf', bytes);
    const [{ sha256 }] = (await r.ctx.db.select({ sha256: driveFiles.sha256 }).from(driveFiles)) as [
      { sha256: string },
    ];
    // A session's purge (blob-refs.ts) leaves bytes a drive file still has.
    expect(await blobsOnlyUsedBy(r.ctx, 'a-purged-session', [sha256])).toEqual([]);
    await drive.remove(one.cloudFileId);
    expect(await r.ctx.blobs.has(sha256)).toBe(true);
    await drive.remove(two.cloudFileId);
    expect(await r.ctx.blobs.has(sha256)).toBe(false);
  });
});

describe('the embedded drive of a deployment', () => {
  it('is kept in the database on PostgreSQL, and under DATA_DIR/drive on SQLite', async () => {
    for (const r of [await testRuntime(await postgresDatabase()), await testRuntime()]) {
      const accountId = await account(r, 'ann');
      await (await localDrive(r.ctx, accountId)).put('a.pdf', pdf('where'));
      const rows = await r.ctx.db.select().from(driveFiles);
      const files = fs.existsSync(path.join(r.ctx.config.dataDir, 'drive', accountId));
      expect({ rows: rows.length, files }).toEqual(
        r.ctx.db.$connection.dialect === 'postgres' ? { rows: 1, files: false } : { rows: 0, files: true },
      );
    }
  });
});
