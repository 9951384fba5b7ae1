import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    env: { MAX_BODY_BYTES: '2048' },
    // A route that fails in an unexpected way, to see what a 500 reveals. It is not in the OpenAPI document
    // on purpose, so this file's responses are not checked against it.
    checkResponses: false,
    routes: (app) =>
      app.get('/boom', () => {
        throw new Error('SQLITE_CORRUPT at /var/secret/path');
      }),
  });
});
afterAll(() => api.close());

describe('HTTP plumbing', () => {
  it('gives every response an X-Request-Id and keeps a well-formed incoming one', async () => {
    const a = await api.fetch('/healthz');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await api.fetch('/healthz', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(b.headers.get('x-request-id')).toBe('trace-abc.123');
    const c = await api.fetch('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(c.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('answers an unexpected error with 500 and the request id, never the internals', async () => {
    const res = await api.fetch('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('SQLITE');
    expect(text).not.toContain('/var/secret');
    const body = JSON.parse(text) as { error: string; message: string };
    expect(body.error).toBe('internal_error');
    expect(body.message).toContain(res.headers.get('x-request-id')!);
  });

  it('marks API answers uncacheable, while page assets keep their own caching', async () => {
    for (const path of ['/api/sessions', '/connect/token', '/openapi.json', '/nowhere']) {
      const res = await api.fetch(path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const asset = await api.fetch('/docs/assets/swagger-ui.css');
    expect(asset.headers.get('cache-control')).toMatch(/max-age/);
  });

  it('never logs a signing link token: the path is logged with the token masked', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Unchecked: the check's own fetch of /openapi.json would be one more request line.
    const own = await startTestApi({ logger: pino({ level: 'info' }, sink), checkResponses: false });
    try {
      const token = 'Zk3vQ9secretLinkToken0123456789abcdefXY';
      await own.fetch(`/s/${token}`);
      await own.fetch(`/api/signing/${token}/view`);
      await own.fetch(`/api/signing/${token}/code`, { method: 'POST' });
    } finally {
      await own.close();
    }
    const requests = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requests).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain('secretLinkToken');
    expect(requests.map((l) => (JSON.parse(l) as { path: string }).path)).toEqual([
      '/s/:token',
      '/api/signing/:token/view',
      '/api/signing/:token/code',
    ]);
  });

  it('answers a body over the limit with 413 in the error shape', async () => {
    const res = await api.post('/connect/token', { refresh_token: 'x'.repeat(4096) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('payload_too_large');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await api.fetch('/nope');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('not_found');
  });

  it('serves liveness and readiness', async () => {
    expect(await (await api.fetch('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await api.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('serves the OpenAPI 3.1 document (version 1.2.3) and an interactive reference page', async () => {
    const doc = (await (await api.fetch('/openapi.json')).json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    expect(Object.keys(doc.paths)).toContain('/connect/token');
    const page = await api.fetch('/docs');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/openapi.json');
    const asset = await api.fetch('/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect((await asset.text()).length).toBeGreaterThan(100_000);
  });
});
