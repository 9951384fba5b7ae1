import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalDrive,
  DriveFileNotFoundError,
  DriveFileTooLargeError,
  DriveUnavailableError,
} from '../src/index.ts';
import { writeFileAtomic } from '../src/local/atomic-write.ts';

const PDF = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\ntrailer\n<<>>\n%%EOF\n');

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'drive-local-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let n = 0;
const freshAccount = () => `acct-${++n}`;

describe('put, stat, read, list, remove', () => {
  it('stores bytes and metadata and reads them back', async () => {
    const drive = createLocalDrive(root, freshAccount());
    const { cloudFileId, filename } = await drive.put('Contract.pdf', PDF);
    expect(cloudFileId).toMatch(/^lf_[0-9a-f]{32}$/);
    expect(filename).toBe('Contract.pdf');
    expect(await drive.stat(cloudFileId)).toEqual({
      id: cloudFileId,
      filename: 'Contract.pdf',
      size: PDF.byteLength,
      mimeType: 'application/pdf',
    });
    expect(Buffer.from(await drive.read(cloudFileId)).equals(Buffer.from(PDF))).toBe(true);
  });

  it('gives every file its own unguessable id', async () => {
    const drive = createLocalDrive(root, freshAccount());
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => drive.put(`f${i}.pdf`, PDF)));
    expect(new Set(ids.map((r) => r.cloudFileId)).size).toBe(20);
  });

  it('keeps only the last path segment of a filename and sniffs the type from the bytes', async () => {
    const drive = createLocalDrive(root, freshAccount());
    const { cloudFileId, filename } = await drive.put(
      '..\\../etc/pass\u0007wd.pdf',
      new TextEncoder().encode('hi'),
    );
    expect(filename).toBe('passwd.pdf');
    expect((await drive.stat(cloudFileId)).mimeType).toBe('application/octet-stream');
    await expect(drive.put('../', PDF)).rejects.toBeInstanceOf(RangeError);
  });

  it('lists files oldest first and forgets removed ones', async () => {
    const drive = createLocalDrive(root, freshAccount());
    expect(await drive.list()).toEqual([]);
    const a = await drive.put('a.pdf', PDF);
    await new Promise((r) => setTimeout(r, 5));
    const b = await drive.put('b.pdf', PDF);
    expect((await drive.list()).map((f) => f.filename)).toEqual(['a.pdf', 'b.pdf']);

    expect(await drive.remove(a.cloudFileId)).toBe(true);
    expect(await drive.remove(a.cloudFileId)).toBe(false);
    await expect(drive.stat(a.cloudFileId)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    await expect(drive.read(a.cloudFileId)).rejects.toMatchObject({
      code: 'cloud_file_not_found',
      fileId: a.cloudFileId,
    });
    expect((await drive.list()).map((f) => f.id)).toEqual([b.cloudFileId]);
  });

  it('an unknown well-formed id is not found', async () => {
    const drive = createLocalDrive(root, freshAccount());
    await expect(drive.stat(`lf_${'0'.repeat(32)}`)).rejects.toBeInstanceOf(DriveFileNotFoundError);
  });

  it('enforces maxBytes on stat and read', async () => {
    const account = freshAccount();
    const { cloudFileId } = await createLocalDrive(root, account).put('big.pdf', PDF);
    const capped = createLocalDrive(root, account, { maxBytes: PDF.byteLength - 1 });
    await expect(capped.stat(cloudFileId)).rejects.toBeInstanceOf(DriveFileTooLargeError);
    await expect(capped.read(cloudFileId)).rejects.toMatchObject({ code: 'cloud_file_too_large' });
    const exact = createLocalDrive(root, account, { maxBytes: PDF.byteLength });
    expect((await exact.read(cloudFileId)).byteLength).toBe(PDF.byteLength);
  });

  it('reports corrupt metadata as unavailable, not as a missing file', async () => {
    const account = freshAccount();
    const drive = createLocalDrive(root, account);
    const { cloudFileId } = await drive.put('a.pdf', PDF);
    await writeFile(join(root, account, `${cloudFileId}.json`), '{"id":');
    await expect(drive.stat(cloudFileId)).rejects.toBeInstanceOf(DriveUnavailableError);
  });
});

describe('ids never become paths', () => {
  it.each([
    '../../x',
    '../secret',
    '..',
    '',
    'lf_../../../etc/passwd',
    `lf_${'A'.repeat(32)}`,
    `lf_${'0'.repeat(31)}/`,
    `lf_${'0'.repeat(32)}\u0000`,
    '/etc/passwd',
  ])('%j is simply not found', async (id) => {
    const account = freshAccount();
    // Bait right where a naive join would land.
    await writeFile(join(root, 'secret.json'), JSON.stringify({ id: '../secret', filename: 'x', size: 1 }));
    await writeFile(join(root, 'secret.bin'), 'x');
    const drive = createLocalDrive(root, account);
    await expect(drive.stat(id)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    await expect(drive.read(id)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    expect(await drive.remove(id)).toBe(false);
    expect(await readFile(join(root, 'secret.bin'), 'utf8')).toBe('x');
  });

  it.each(['../other', 'a/b', '', '.', 'a b', 'x'.repeat(129)])('refuses account id %j', (accountId) => {
    expect(() => createLocalDrive(root, accountId)).toThrow(TypeError);
  });
});

describe('accounts are isolated', () => {
  it("another account's id is not found, not listed, not removable", async () => {
    const alice = createLocalDrive(root, freshAccount());
    const bob = createLocalDrive(root, freshAccount());
    const { cloudFileId } = await alice.put('alice.pdf', PDF);

    await expect(bob.stat(cloudFileId)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    await expect(bob.read(cloudFileId)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    expect(await bob.remove(cloudFileId)).toBe(false);
    expect(await bob.list()).toEqual([]);
    expect((await alice.stat(cloudFileId)).filename).toBe('alice.pdf');
  });
});

describe('atomic writes', () => {
  it('leaves exactly the bytes and the metadata file, no temp files', async () => {
    const account = freshAccount();
    const { cloudFileId } = await createLocalDrive(root, account).put('a.pdf', PDF);
    expect((await readdir(join(root, account))).sort()).toEqual([
      `${cloudFileId}.bin`,
      `${cloudFileId}.json`,
    ]);
  });

  it('ignores what a crash mid-put leaves behind', async () => {
    const account = freshAccount();
    const drive = createLocalDrive(root, account);
    const { cloudFileId } = await drive.put('kept.pdf', PDF);
    const orphan = `lf_${'ab'.repeat(16)}`;
    // Bytes renamed but metadata never written, and a temp file of an unfinished write.
    await writeFile(join(root, account, `${orphan}.bin`), PDF);
    await writeFile(join(root, account, `.${orphan}.json.1a2b3c.tmp`), '{"id":"half');
    expect((await drive.list()).map((f) => f.id)).toEqual([cloudFileId]);
    await expect(drive.stat(orphan)).rejects.toBeInstanceOf(DriveFileNotFoundError);
    await expect(drive.read(orphan)).rejects.toBeInstanceOf(DriveFileNotFoundError);
  });

  it('a reader sees the old or the new content, never a mix', async () => {
    const dir = await mkdtemp(join(root, 'atomic-'));
    const path = join(dir, 'f');
    const size = 4 * 1024 * 1024;
    const versions = [Buffer.alloc(size, 0x61), Buffer.alloc(size, 0x62)];
    await writeFileAtomic(path, versions[0]!);
    let writing = true;
    const writer = (async () => {
      for (let i = 1; i <= 12; i++) await writeFileAtomic(path, versions[i % 2]!);
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const seen = await readFile(path);
      expect(seen.byteLength).toBe(size);
      expect(seen.equals(versions[0]!) || seen.equals(versions[1]!)).toBe(true);
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(0);
    expect(await readdir(dir)).toEqual(['f']);
  });
});
