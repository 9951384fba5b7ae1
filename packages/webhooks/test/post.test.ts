import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  isValidWebhook,
  type PostWebhookInput,
  postWebhook,
  signWebhook,
} from '../src/index.ts';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const received: Received[] = [];
const hanging: ServerResponse[] = [];
let server: Server;
let base: string;

/** An empty event to `url`; private targets allowed (the receiver is on loopback) unless the test says not. */
const post = (url: string, options: Partial<PostWebhookInput> = {}) =>
  postWebhook({ url, headers: {}, body: '{}', allowPrivate: true, ...options });

/** A loopback port nothing listens on: taken, then freed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function route(req: IncomingMessage, res: ServerResponse, body: string): void {
  received.push({ path: req.url ?? '', headers: req.headers, body });
  switch (req.url) {
    case '/ok':
      res.writeHead(204).end();
      return;
    case '/fail':
      res.writeHead(500, { 'content-type': 'text/plain' }).end('database is on fire');
      return;
    case '/redirect':
      res.writeHead(302, { location: '/ok?followed=1' }).end();
      return;
    case '/big':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(1024 * 1024));
      return;
    case '/hang':
      hanging.push(res);
      return;
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('postWebhook to a loopback server (allowPrivate)', () => {
  it('delivers body and signed headers; the receiver verifies them', async () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'session.completed', data: { id: 'ses_1' } });
    const headers = signWebhook({
      id: 'evt_1',
      timestamp: Math.floor(Date.now() / 1000),
      body,
      secrets: [secret],
    });
    const result = await postWebhook({ url: `${base}/ok`, headers, body, allowPrivate: true });

    expect(result.status).toBe(204);
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const got = received.find((r) => r.headers['webhook-id'] === 'evt_1');
    expect(got?.body).toBe(body);
    expect(got?.headers['content-type']).toBe('application/json');
    const header = got?.headers['x-service-signature'];
    expect(isValidWebhook({ rawBody: got?.body ?? '', header: String(header), secret })).toBe(true);
  });

  it('returns a 500 with a snippet of the response', async () => {
    const result = await post(`${base}/fail`);
    expect(result).toMatchObject({ status: 500, responseSnippet: 'database is on fire' });
    expect(result.error).toBeUndefined();
  });

  it('does not follow a redirect', async () => {
    const result = await post(`${base}/redirect`);
    expect(result.status).toBe(302);
    expect(received.some((r) => r.path.includes('followed'))).toBe(false);
  });

  it('caps the response it reads', async () => {
    const result = await post(`${base}/big`);
    expect(result.status).toBe(200);
    expect(result.responseSnippet?.length).toBe(4096);
    expect(result.error).toBeUndefined();
  });

  it('times out over the whole exchange when the server never answers', async () => {
    const result = await post(`${base}/hang`, { timeoutMs: 300 });
    expect(result.status).toBeNull();
    expect(result.errorCode).toBe('timeout');
    expect(result.durationMs).toBeGreaterThanOrEqual(295);
    expect(result.durationMs).toBeLessThan(2_000);
    expect(hanging.length).toBeGreaterThan(0);
  });

  it('reports a refused connection', async () => {
    const port = await closedPort();
    const result = await post(`http://127.0.0.1:${port}/`);
    expect(result.status).toBeNull();
    expect(result.errorCode).toBe('request_failed');
    expect(result.error).toContain('ECONNREFUSED');
  });
});

describe('postWebhook without allowPrivate', () => {
  it('refuses a loopback IP literal before connecting', async () => {
    const before = received.length;
    const result = await post(`${base}/ok`, { allowPrivate: false });
    expect(result.status).toBeNull();
    expect(result.errorCode).toBe('unsafe_target');
    expect(received.length).toBe(before);
  });

  it('refuses a hostname that resolves to loopback, at connect time', async () => {
    const before = received.length;
    const url = base.replace('127.0.0.1', 'localhost');
    const result = await post(`${url}/ok`, { allowPrivate: false });
    expect(result.status).toBeNull();
    expect(result.errorCode).toBe('unsafe_target');
    expect(result.error).toMatch(/localhost resolves to/);
    expect(received.length).toBe(before);
  });

  it('applies the connect-time check to https too', async () => {
    // Nothing listens there: a missing check would surface as a refused connection instead.
    const port = await closedPort();
    const result = await post(`https://localhost:${port}/`, { allowPrivate: false });
    expect(result).toMatchObject({ status: null, errorCode: 'unsafe_target' });
  });

  it('refuses credentials and other protocols without a request', async () => {
    const withCreds = await post('https://u:p@8.8.8.8/', { allowPrivate: false });
    expect(withCreds).toMatchObject({ status: null, errorCode: 'unsafe_target' });
    const ftp = await post('ftp://8.8.8.8/', { allowPrivate: false });
    expect(ftp).toMatchObject({ status: null, errorCode: 'unsafe_target' });
  });
});
