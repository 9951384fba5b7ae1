import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedFetch,
  type ResponseChecker,
  servedDocumentChecker,
  UndocumentedResponseError,
} from '../testing/openapi-check.ts';
import { startTestApi, type TestApi } from './harness.ts';

// The harness holds every response against the OpenAPI document the API serves (docs/testing.md). These tests
// show that an answer the document does not describe fails the test that received it, and how that reads.

let api: TestApi;
let checker: ResponseChecker;
let bearer: { authorization: string };

beforeAll(async () => {
  api = await startTestApi({
    worker: false,
    // A route the document does not have, answering through the real middleware.
    routes: (app) => app.get('/api/undocumented', (c) => c.json({ ok: true })),
  });
  checker = await servedDocumentChecker(api.url);
  bearer = { authorization: `Bearer ${(await api.newAccount()).accessToken}` };
});
afterAll(() => api.close());

/** The checker's verdict on a response made up from a real one. */
async function verdict(
  method: string,
  path: string,
  res: Response,
  changes: { status?: number; body?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(res.headers);
  for (const [name, value] of Object.entries(changes.headers ?? {})) headers.set(name, value);
  const body = changes.body ?? (await res.text());
  return checker.problems(method, api.url + path, changes.status ?? res.status, headers, async () => body);
}

describe('the response check', () => {
  it('passes real answers: a JSON body, an error, and the router 404 of a path no operation has', async () => {
    const account = await api.fetch('/api/account', { headers: bearer });
    expect(await verdict('GET', '/api/account', account)).toEqual([]);
    const unknown = await api.fetch('/api/sessions/no-such-session', { headers: bearer });
    expect(unknown.status).toBe(404);
    expect(await verdict('GET', '/api/sessions/no-such-session', unknown)).toEqual([]);
    const nowhere = await api.fetch('/api/no/such/route', { headers: bearer });
    expect(nowhere.status).toBe(404);
    expect(await verdict('GET', '/api/no/such/route', nowhere)).toEqual([]);
  });

  it('names the route, the status and the schema path of a body that does not match', async () => {
    const res = await api.fetch('/api/sessions/no-such-session', { headers: bearer });
    const problems = await verdict('GET', '/api/sessions/no-such-session', res, {
      body: JSON.stringify({ error: 404, message: 'gone', detail: 'x' }),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      'GET /api/sessions/{sessionId} (/api/sessions/no-such-session) answered 404',
    );
    expect(problems[0]).toContain(
      '#/paths/~1api~1sessions~1{sessionId}/get/responses/404/content/application~1json/schema',
    );
    expect(problems[0]).toContain('at /error: must be string (schema #/components/schemas/ErrorCode/type)');
    expect(problems[0]).toContain("must NOT have additional properties 'detail'");
  });

  it('fails a status, a media type, a header value and an own header the document does not list there', async () => {
    const res = await api.fetch('/api/account', { headers: bearer });
    const body = await res.text();
    expect(await verdict('GET', '/api/account', res, { status: 418, body })).toEqual([
      expect.stringMatching(
        /^GET \/api\/account \(\/api\/account\) answered 418, a status the document does not list \(it lists 200, .*500, 503\)$/,
      ),
    ]);
    expect(
      await verdict('GET', '/api/account', res, { body, headers: { 'content-type': 'text/html' } }),
    ).toEqual([
      expect.stringContaining('answered 200 as text/html, but the document lists application/json'),
    ]);
    expect(
      await verdict('GET', '/api/account', res, { body, headers: { 'idempotent-replayed': 'true' } }),
    ).toEqual([
      expect.stringContaining('with the header Idempotent-Replayed, which the document does not list there'),
    ]);
    const limited = await verdict('POST', '/api/sessions/send', res, {
      status: 429,
      body: JSON.stringify({ error: 'rate_limited', message: 'slow down' }),
      headers: { 'retry-after': '0' },
    });
    expect(limited).toEqual([
      expect.stringContaining('header Retry-After: "0" does not match the document\'s schema'),
    ]);
    expect(limited[0]).toContain('(schema #/components/headers/Retry-After/schema/minimum)');
  });

  it('fails a route the document does not have, and a body where it describes none', async () => {
    const res = await api.fetch('/api/account', { headers: bearer });
    const body = await res.text();
    expect(await verdict('GET', '/api/tokens/t1', res, { body })).toEqual([
      'GET /api/tokens/t1 answered 200: the document has no such operation',
    ]);
    expect(await verdict('DELETE', '/api/tokens/t1', res, { status: 204, body })).toEqual([
      expect.stringContaining(
        'DELETE /api/tokens/{tokenId} (/api/tokens/t1) answered 204 with a body, but the document describes none',
      ),
    ]);
  });
});

describe('a test that receives an undocumented answer fails', () => {
  it('at the harness call that received it', async () => {
    const failure = await api.fetch('/api/undocumented', { headers: bearer }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UndocumentedResponseError);
    expect((failure as Error).message).toContain(
      'GET /api/undocumented answered 200: the document has no such operation',
    );
  });

  it('at the next harness call after a plain fetch (or a browser) received it', async () => {
    const plain = await fetch(`${api.url}/api/undocumented`, { headers: bearer });
    expect(plain.status).toBe(200);
    await plain.arrayBuffer();
    await expect(api.fetch('/healthz')).rejects.toThrow(/GET \/api\/undocumented answered 200/);
    // Reported once: the next call is clean.
    expect((await api.fetch('/healthz')).status).toBe(200);
  });

  it('through checkedFetch, for a server the test runs in another process', async () => {
    await expect(checkedFetch(`${api.url}/api/undocumented`, { headers: bearer })).rejects.toThrow(
      UndocumentedResponseError,
    );
    // The server side saw it too; the harness reports it at the next call.
    await expect(api.fetch('/healthz')).rejects.toThrow(UndocumentedResponseError);
    expect((await checkedFetch(`${api.url}/readyz`)).status).toBe(200);
  });
});
