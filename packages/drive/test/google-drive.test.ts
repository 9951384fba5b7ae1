import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGoogleDrive,
  DriveFileNotFoundError,
  DriveFileNotPdfError,
  DriveFileTooLargeError,
  DriveUnavailableError,
  type GoogleDriveOptions,
} from '../src/index.ts';
import { closedPort, type FakeGoogle, startFakeGoogle } from './fake-google.ts';

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 2_000 };

let g: FakeGoogle;
let other: FakeGoogle; // a second host, for cross-host redirects

beforeAll(async () => {
  [g, other] = await Promise.all([startFakeGoogle(), startFakeGoogle()]);
});
afterAll(async () => {
  await Promise.all([g.close(), other.close()]);
});
beforeEach(() => {
  g.reset();
  other.reset();
});

function drive(overrides: Partial<GoogleDriveOptions> = {}) {
  return createGoogleDrive({
    baseUrl: g.baseUrl,
    tokenUrl: g.tokenUrl,
    credentials: { clientId: 'client-1', clientSecret: 'secret-1', refreshToken: 'refresh-1' },
    ...LIMITS,
    ...overrides,
  });
}

const driveRequests = () => g.requests.filter((r) => r.path !== '/token');

describe('stat and read', () => {
  it('reads metadata then media with the Drive v3 query and a bearer token', async () => {
    g.files.set('1AbC-x_9', { kind: 'file', name: 'contract.pdf', mimeType: 'application/pdf', bytes: PDF });
    const d = drive();

    expect(await d.stat('1AbC-x_9')).toEqual({
      id: '1AbC-x_9',
      filename: 'contract.pdf',
      size: PDF.byteLength,
      mimeType: 'application/pdf',
    });
    expect(Buffer.from(await d.read('1AbC-x_9')).equals(Buffer.from(PDF))).toBe(true);

    const [meta, meta2, media] = driveRequests();
    expect(meta?.path).toBe('/drive/v3/files/1AbC-x_9');
    expect(meta?.query.get('fields')).toBe('id,name,mimeType,size');
    expect(meta?.query.get('supportsAllDrives')).toBe('true');
    expect(meta?.authorization).toBe('Bearer ya29.fake-1');
    expect(meta2?.query.get('fields')).toBe('id,name,mimeType,size');
    expect(media?.query.get('alt')).toBe('media');
    expect(media?.query.get('supportsAllDrives')).toBe('true');
    expect(media?.authorization).toBe('Bearer ya29.fake-1');
  });

  it('works with a plain access token and never calls the token endpoint', async () => {
    g.validTokens.add('static-token');
    g.files.set('f1', { kind: 'file', name: 'a.pdf', mimeType: 'application/pdf', bytes: PDF });
    const d = drive({ credentials: { accessToken: 'static-token' } });
    expect((await d.read('f1')).byteLength).toBe(PDF.byteLength);
    expect(g.requests.some((r) => r.path === '/token')).toBe(false);
  });

  it('leaves other binary types to the PDF inspection', async () => {
    g.files.set('bin', { kind: 'file', name: 'scan', mimeType: 'application/octet-stream', bytes: PDF });
    expect((await drive().stat('bin')).mimeType).toBe('application/octet-stream');
  });
});

describe('answers mapped to errors', () => {
  async function statError(id: string) {
    const err = await drive()
      .stat(id)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeDefined();
    return err as Error & { code: string; fileId: string };
  }

  it('404 with Google error JSON is not found', async () => {
    const err = await statError('missing1');
    expect(err).toBeInstanceOf(DriveFileNotFoundError);
    expect(err.code).toBe('cloud_file_not_found');
    expect(err.fileId).toBe('missing1');
  });

  it('403 without access is not found', async () => {
    g.files.set('secret', { kind: 'error', status: 403 });
    expect(await statError('secret')).toBeInstanceOf(DriveFileNotFoundError);
  });

  it.each(['rateLimitExceeded', 'userRateLimitExceeded', 'dailyLimitExceeded'])(
    '403 %s is unavailable',
    async (reason) => {
      g.files.set('busy', { kind: 'error', status: 403, reason });
      const err = await statError('busy');
      expect(err).toBeInstanceOf(DriveUnavailableError);
      expect(err.code).toBe('drive_unavailable');
      expect(err.message).toContain(reason);
    },
  );

  it.each([429, 500, 503])('%i is unavailable', async (status) => {
    g.files.set('down', { kind: 'error', status, reason: 'backendError' });
    const err = await statError('down');
    expect(err).toBeInstanceOf(DriveUnavailableError);
    expect(err.fileId).toBe('down');
  });

  it('metadata that is not JSON is unavailable', async () => {
    g.files.set('junk', { kind: 'garbage' });
    expect(await statError('junk')).toBeInstanceOf(DriveUnavailableError);
  });

  it('a refused connection is unavailable', async () => {
    const port = await closedPort();
    const d = drive({ baseUrl: `http://127.0.0.1:${port}`, credentials: { accessToken: 't' } });
    await expect(d.read('abc')).rejects.toMatchObject({ code: 'drive_unavailable', fileId: 'abc' });
  });

  it.each(['../../x', 'a/b', 'a?alt=media', '', 'x'.repeat(300), 'id with space'])(
    'malformed id %j is not found without any request',
    async (id) => {
      const d = drive();
      await expect(d.stat(id)).rejects.toBeInstanceOf(DriveFileNotFoundError);
      await expect(d.read(id)).rejects.toBeInstanceOf(DriveFileNotFoundError);
      expect(g.requests).toEqual([]);
    },
  );
});

describe('Google-native documents', () => {
  it('are reported as not PDF by stat and read, without a media request', async () => {
    g.files.set('doc1', {
      kind: 'native',
      name: 'Contract',
      mimeType: 'application/vnd.google-apps.document',
    });
    const d = drive();
    await expect(d.stat('doc1')).rejects.toMatchObject({
      code: 'cloud_file_not_pdf',
      fileId: 'doc1',
      mimeType: 'application/vnd.google-apps.document',
    });
    await expect(d.read('doc1')).rejects.toBeInstanceOf(DriveFileNotPdfError);
    expect(driveRequests().some((r) => r.query.get('alt') === 'media')).toBe(false);
  });
});

describe('size cap', () => {
  it('refuses a file whose metadata size is over the cap, before downloading', async () => {
    const big = new Uint8Array(LIMITS.maxBytes + 1);
    g.files.set('big', { kind: 'file', name: 'big.pdf', mimeType: 'application/pdf', bytes: big });
    const d = drive();
    await expect(d.stat('big')).rejects.toMatchObject({
      code: 'cloud_file_too_large',
      maxBytes: LIMITS.maxBytes,
    });
    await expect(d.read('big')).rejects.toBeInstanceOf(DriveFileTooLargeError);
    expect(driveRequests().some((r) => r.query.get('alt') === 'media')).toBe(false);
  });

  it('accepts a file of exactly the cap', async () => {
    const exact = new Uint8Array(LIMITS.maxBytes).fill(7);
    g.files.set('exact', { kind: 'file', name: 'e.pdf', mimeType: 'application/pdf', bytes: exact });
    expect((await drive().read('exact')).byteLength).toBe(LIMITS.maxBytes);
  });

  it('counts streamed bytes and hangs up when the metadata size lied', async () => {
    g.files.set('liar', { kind: 'endless-media', reportedSize: 100 });
    const err = await drive()
      .read('liar')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DriveFileTooLargeError);
    expect((err as DriveFileTooLargeError).fileId).toBe('liar');
    await expect.poll(() => g.endless.closedByClient).toBe(true);
    // Socket buffers hold some, but nowhere near the 200 MiB the server would send.
    expect(g.endless.written).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses at once when Content-Length is over the cap', async () => {
    g.files.set('declared', { kind: 'declared-huge', declaredLength: 10 * 1024 * 1024 });
    const started = Date.now();
    await expect(drive().read('declared')).rejects.toBeInstanceOf(DriveFileTooLargeError);
    expect(Date.now() - started).toBeLessThan(LIMITS.timeoutMs);
  });
});

describe('timeout', () => {
  it('gives up on metadata that never comes', async () => {
    g.files.set('slow', { kind: 'hang' });
    const started = Date.now();
    const err = await drive({ timeoutMs: 300 })
      .stat('slow')
      .catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(DriveUnavailableError);
    expect((err as Error).message).toContain('no answer within 300 ms');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('covers the whole download, body included', async () => {
    g.files.set('stall', { kind: 'stalled-media', size: 10_000 });
    const started = Date.now();
    await expect(drive({ timeoutMs: 300 }).read('stall')).rejects.toMatchObject({
      code: 'drive_unavailable',
      message: expect.stringContaining('no answer within'),
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('covers a token endpoint that never answers', async () => {
    g.token.hang = true;
    g.files.set('f', { kind: 'file', name: 'a.pdf', mimeType: 'application/pdf', bytes: PDF });
    const started = Date.now();
    await expect(drive({ timeoutMs: 300 }).stat('f')).rejects.toBeInstanceOf(DriveUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe('redirects', () => {
  it('follows up to 3 redirects on the same host', async () => {
    g.files.set('r3', { kind: 'redirect', hops: 3, bytes: PDF });
    const bytes = await drive().read('r3');
    expect(Buffer.from(bytes).equals(Buffer.from(PDF))).toBe(true);
    const hops = g.requests.filter((r) => r.path === '/content/r3');
    expect(hops).toHaveLength(3);
    expect(hops.every((r) => r.authorization === 'Bearer ya29.fake-1')).toBe(true);
  });

  it('refuses a fourth redirect', async () => {
    g.files.set('r4', { kind: 'redirect', hops: 4, bytes: PDF });
    await expect(drive().read('r4')).rejects.toMatchObject({
      code: 'drive_unavailable',
      message: expect.stringContaining('more than 3 redirects'),
    });
    expect(g.requests.filter((r) => r.path === '/content/r4')).toHaveLength(3);
  });

  it('refuses a redirect to another host and never contacts it', async () => {
    other.files.set('x', { kind: 'redirect', hops: 1, bytes: PDF });
    g.files.set('x', { kind: 'redirect-to', location: `${other.baseUrl}/content/x?hop=1` });
    await expect(drive().read('x')).rejects.toMatchObject({
      code: 'drive_unavailable',
      message: expect.stringContaining(other.host),
    });
    expect(other.requests).toEqual([]);
  });

  it('refuses localhost as another host than 127.0.0.1', async () => {
    g.files.set('y', {
      kind: 'redirect-to',
      location: `http://localhost:${new URL(g.baseUrl).port}/content/y`,
    });
    await expect(drive().read('y')).rejects.toBeInstanceOf(DriveUnavailableError);
    expect(g.requests.some((r) => r.path === '/content/y')).toBe(false);
  });

  it('follows to an allowed content host without sending the bearer token there', async () => {
    other.files.set('z', { kind: 'redirect', hops: 1, bytes: PDF });
    g.files.set('z', { kind: 'redirect-to', location: `${other.baseUrl}/content/z?hop=1` });
    const bytes = await drive({ allowedRedirectHosts: [other.host] }).read('z');
    expect(bytes.byteLength).toBe(PDF.byteLength);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.authorization).toBeUndefined();
  });
});

describe('access tokens', () => {
  beforeEach(() => {
    g.files.set('f', { kind: 'file', name: 'a.pdf', mimeType: 'application/pdf', bytes: PDF });
  });

  it('exchanges the refresh token once and caches the access token', async () => {
    const d = drive();
    await d.stat('f');
    await d.read('f');
    await d.stat('f');
    expect(g.exchanges).toBe(1);
    const [exchange] = g.requests.filter((r) => r.path === '/token');
    expect(exchange?.method).toBe('POST');
  });

  it('shares one exchange between concurrent calls', async () => {
    const d = drive();
    await Promise.all([d.stat('f'), d.stat('f'), d.read('f'), d.read('f')]);
    expect(g.exchanges).toBe(1);
  });

  it('renews a token shortly before it expires', async () => {
    g.token.expiresIn = 30; // inside the renewal margin: never reused
    const d = drive();
    await d.stat('f');
    await d.stat('f');
    expect(g.exchanges).toBe(2);
  });

  it('on a 401 refreshes once and retries', async () => {
    const d = drive();
    await d.stat('f');
    g.validTokens.clear(); // revoked before its announced expiry
    expect((await d.stat('f')).filename).toBe('a.pdf');
    expect(g.exchanges).toBe(2);
    const lastMeta = driveRequests().at(-1);
    expect(lastMeta?.authorization).toBe('Bearer ya29.fake-2');
  });

  it('gives up after one refresh when Drive keeps refusing', async () => {
    g.rejectAllTokens = true;
    await expect(drive().stat('f')).rejects.toMatchObject({
      code: 'drive_unavailable',
      message: expect.stringContaining('credentials'),
    });
    expect(g.exchanges).toBe(2);
    expect(driveRequests()).toHaveLength(2);
  });

  it('a static access token that Drive refuses is unavailable, without retry', async () => {
    const d = drive({ credentials: { accessToken: 'stale' } });
    await expect(d.stat('f')).rejects.toMatchObject({
      code: 'drive_unavailable',
      message: expect.stringContaining('credentials'),
    });
    expect(driveRequests()).toHaveLength(1);
  });

  it('a refused refresh token is unavailable and names the OAuth error', async () => {
    g.token.refreshToken = 'rotated';
    await expect(drive().stat('f')).rejects.toMatchObject({
      code: 'drive_unavailable',
      message: expect.stringContaining('invalid_grant'),
    });
    expect(driveRequests()).toEqual([]);
  });

  it('a failing token endpoint is unavailable and the failure is not cached', async () => {
    g.token.failWith = 500;
    const d = drive();
    await expect(d.stat('f')).rejects.toBeInstanceOf(DriveUnavailableError);
    g.token.failWith = undefined;
    expect((await d.stat('f')).id).toBe('f');
    expect(g.exchanges).toBe(1);
  });

  it('an unreachable token endpoint is unavailable', async () => {
    const port = await closedPort();
    await expect(drive({ tokenUrl: `http://127.0.0.1:${port}/token` }).stat('f')).rejects.toBeInstanceOf(
      DriveUnavailableError,
    );
  });
});
