import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a file id behaves on the fake Drive. */
export type FakeEntry =
  | { kind: 'file'; name: string; mimeType: string; bytes: Uint8Array; reportedSize?: number }
  | { kind: 'native'; name: string; mimeType: string }
  | { kind: 'redirect'; hops: number; bytes: Uint8Array } // media redirects `hops` times on this host
  | { kind: 'redirect-to'; location: string } // media redirects to an absolute URL
  | { kind: 'endless-media'; reportedSize: number } // metadata lies, media streams until the client hangs up
  | { kind: 'declared-huge'; declaredLength: number } // media declares a big Content-Length
  | { kind: 'stalled-media'; size: number } // media sends half the bytes, then nothing
  | { kind: 'error'; status: number; reason?: string } // metadata answers this error
  | { kind: 'hang' } // metadata never answers
  | { kind: 'garbage' }; // metadata is not JSON

export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  host: string | undefined;
}

export interface FakeGoogle {
  baseUrl: string;
  tokenUrl: string;
  host: string;
  files: Map<string, FakeEntry>;
  requests: LoggedRequest[];
  /** Access tokens Drive accepts. Delete one to simulate expiry or revocation. */
  validTokens: Set<string>;
  /** When true, Drive refuses every access token (401), as with a revoked grant. */
  rejectAllTokens: boolean;
  /** Refresh-token exchanges served successfully. */
  exchanges: number;
  token: {
    clientId: string;
    clientSecret: string;
    refreshToken: string;
    expiresIn: number;
    /** When set, the token endpoint answers this status instead of a token. */
    failWith?: number;
    hang?: boolean;
  };
  /** Bytes written by the last endless-media answer and whether the client hung up. */
  endless: { written: number; closedByClient: boolean };
  /** Back to a fresh state between tests (files, logs, tokens, token numbering). */
  reset(): void;
  close(): Promise<void>;
}

function googleError(res: ServerResponse, status: number, reason: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({
      error: { code: status, message, errors: [{ message, domain: 'global', reason }] },
    }),
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A node:http server on 127.0.0.1 that answers like Drive v3 and Google's OAuth token endpoint. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const fake: Omit<FakeGoogle, 'baseUrl' | 'tokenUrl' | 'host' | 'reset' | 'close'> = {
    files: new Map(),
    requests: [],
    validTokens: new Set(),
    rejectAllTokens: false,
    exchanges: 0,
    token: { clientId: 'client-1', clientSecret: 'secret-1', refreshToken: 'refresh-1', expiresIn: 3599 },
    endless: { written: 0, closedByClient: false },
  };
  let issued = 0;

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.destroy(err as Error);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      host: req.headers.host,
    });

    if (url.pathname === '/token' && req.method === 'POST') return token(req, res);

    const auth = req.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (url.pathname.startsWith('/content/')) return content(url, res);
    if (fake.rejectAllTokens || !fake.validTokens.has(bearer)) {
      return googleError(res, 401, 'authError', 'Request had invalid authentication credentials.');
    }
    const match = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    if (!match?.[1] || req.method !== 'GET') return googleError(res, 404, 'notFound', 'Not Found');
    const id = decodeURIComponent(match[1]);
    const entry = fake.files.get(id);
    if (!entry) return googleError(res, 404, 'notFound', `File not found: ${id}.`);
    if (url.searchParams.get('alt') === 'media') return media(id, entry, res);
    return metadata(id, entry, res);
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    if (fake.token.hang) return; // never answers
    if (fake.token.failWith) {
      res.writeHead(fake.token.failWith, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'internal_failure' }));
      return;
    }
    const ok =
      req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
      form.get('grant_type') === 'refresh_token' &&
      form.get('client_id') === fake.token.clientId &&
      form.get('client_secret') === fake.token.clientSecret &&
      form.get('refresh_token') === fake.token.refreshToken;
    if (!ok) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
      );
      return;
    }
    fake.exchanges++;
    const accessToken = `ya29.fake-${++issued}`;
    fake.validTokens.add(accessToken);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        access_token: accessToken,
        expires_in: fake.token.expiresIn,
        scope: 'https://www.googleapis.com/auth/drive.readonly',
        token_type: 'Bearer',
      }),
    );
  }

  function metadata(id: string, entry: FakeEntry, res: ServerResponse) {
    const json = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const pdf = { id, name: `${id}.pdf`, mimeType: 'application/pdf' };
    switch (entry.kind) {
      case 'file':
        return json({
          id,
          name: entry.name,
          mimeType: entry.mimeType,
          size: String(entry.reportedSize ?? entry.bytes.byteLength),
        });
      case 'native':
        return json({ id, name: entry.name, mimeType: entry.mimeType });
      case 'redirect':
        return json({ ...pdf, size: String(entry.bytes.byteLength) });
      case 'redirect-to':
        return json({ ...pdf, size: '10' });
      case 'endless-media':
        return json({ ...pdf, size: String(entry.reportedSize) });
      case 'declared-huge':
        return json({ ...pdf, size: '10' });
      case 'stalled-media':
        return json({ ...pdf, size: String(entry.size) });
      case 'error':
        if (entry.status === 403) {
          const reason = entry.reason ?? 'insufficientFilePermissions';
          return googleError(res, 403, reason, `Forbidden (${reason})`);
        }
        return googleError(res, entry.status, entry.reason ?? 'backendError', 'Backend Error');
      case 'hang':
        return; // never answers; the client must give up
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('<html>not json</html>');
        return;
    }
  }

  function media(id: string, entry: FakeEntry, res: ServerResponse): void {
    switch (entry.kind) {
      case 'file':
        res.writeHead(200, { 'content-type': entry.mimeType, 'content-length': entry.bytes.byteLength });
        res.end(entry.bytes);
        return;
      case 'redirect':
        res.writeHead(302, { location: `/content/${id}?hop=1&of=${entry.hops}` });
        res.end();
        return;
      case 'redirect-to':
        res.writeHead(302, { location: entry.location });
        res.end();
        return;
      case 'endless-media': {
        fake.endless = { written: 0, closedByClient: false };
        res.writeHead(200, { 'content-type': 'application/pdf' }); // chunked, no length
        const chunk = Buffer.alloc(16 * 1024, 0x41);
        res.on('close', () => {
          fake.endless.closedByClient = !res.writableFinished;
        });
        const pump = () => {
          while (!res.destroyed && fake.endless.written < 200 * 1024 * 1024) {
            fake.endless.written += chunk.byteLength;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      case 'declared-huge':
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': entry.declaredLength });
        res.write(Buffer.alloc(1024));
        return; // the rest never comes; the client should not wait for it
      case 'stalled-media':
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': entry.size });
        res.write(Buffer.alloc(Math.floor(entry.size / 2)));
        return;
      default:
        googleError(
          res,
          403,
          'fileNotDownloadable',
          'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        );
    }
  }

  function content(url: URL, res: ServerResponse) {
    const id = decodeURIComponent(url.pathname.slice('/content/'.length));
    const entry = fake.files.get(id);
    if (entry?.kind !== 'redirect') return googleError(res, 404, 'notFound', 'Not Found');
    const hop = Number(url.searchParams.get('hop'));
    if (hop < entry.hops) {
      res.writeHead(307, { location: `/content/${id}?hop=${hop + 1}&of=${entry.hops}` });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': entry.bytes.byteLength });
    res.end(entry.bytes);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return Object.assign(fake, {
    baseUrl: `http://${host}`,
    tokenUrl: `http://${host}/token`,
    host,
    reset: () => {
      fake.files.clear();
      fake.requests.length = 0;
      fake.validTokens.clear();
      fake.rejectAllTokens = false;
      fake.exchanges = 0;
      fake.token = {
        clientId: 'client-1',
        clientSecret: 'secret-1',
        refreshToken: 'refresh-1',
        expiresIn: 3599,
      };
      fake.endless = { written: 0, closedByClient: false };
      issued = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** A port nothing listens on (bound then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
