import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDriveProvider,
  createLocalDrive,
  DriveFileNotFoundError,
  driveConnectionSchema,
} from '../src/index.ts';
import { type FakeGoogle, startFakeGoogle } from './fake-google.ts';

const LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 2_000 };
let root: string;
let g: FakeGoogle;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'drive-conn-'));
  g = await startFakeGoogle();
});
afterAll(async () => {
  await g.close();
  await rm(root, { recursive: true, force: true });
});

describe('driveConnectionSchema', () => {
  it('accepts the stored shapes', () => {
    expect(driveConnectionSchema.parse({ provider: 'local', accountId: 'acc_1' })).toEqual({
      provider: 'local',
      accountId: 'acc_1',
    });
    const gdrive = {
      provider: 'gdrive',
      credentials: { clientId: 'c', clientSecret: 's', refreshToken: 'r' },
      baseUrl: 'https://www.googleapis.com',
      allowedRedirectHosts: ['content.googleapis.com'],
    };
    expect(driveConnectionSchema.parse(gdrive)).toEqual(gdrive);
    expect(
      driveConnectionSchema.parse({ provider: 'gdrive', credentials: { accessToken: 't' } }).provider,
    ).toBe('gdrive');
  });

  it.each([
    { provider: 'dropbox' },
    { provider: 'local', accountId: '../x' },
    { provider: 'local', accountId: 'a', extra: 1 },
    { provider: 'gdrive', credentials: { clientId: 'c', clientSecret: 's' } },
    { provider: 'gdrive', credentials: { accessToken: '' } },
    { provider: 'gdrive', credentials: { accessToken: 't' }, baseUrl: 'file:///etc' },
  ])('rejects %j', (value) => {
    expect(driveConnectionSchema.safeParse(value).success).toBe(false);
  });
});

describe('createDriveProvider', () => {
  it('builds the local drive under localRoot/<accountId>', async () => {
    const { cloudFileId } = await createLocalDrive(root, 'acc_1').put('a.pdf', new Uint8Array([1, 2, 3]));
    const drive = createDriveProvider({ provider: 'local', accountId: 'acc_1' }, LIMITS, { localRoot: root });
    expect((await drive.read(cloudFileId)).byteLength).toBe(3);
    const other = createDriveProvider({ provider: 'local', accountId: 'acc_2' }, LIMITS, { localRoot: root });
    await expect(other.stat(cloudFileId)).rejects.toBeInstanceOf(DriveFileNotFoundError);
  });

  it('builds a Google Drive with the limits applied', async () => {
    g.validTokens.add('tok');
    g.files.set('big', {
      kind: 'file',
      name: 'b.pdf',
      mimeType: 'application/pdf',
      bytes: new Uint8Array(2048),
    });
    const connection = driveConnectionSchema.parse({
      provider: 'gdrive',
      credentials: { accessToken: 'tok' },
      baseUrl: g.baseUrl,
    });
    const drive = createDriveProvider(connection, { maxBytes: 1024, timeoutMs: 2_000 }, { localRoot: root });
    await expect(drive.stat('big')).rejects.toMatchObject({ code: 'cloud_file_too_large', fileId: 'big' });
  });
});
