import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the client sent: method, path and headers of every request, in order. */
export interface Sent {
  method: string;
  path: string;
  headers: Headers;
}

/** The global fetch, recording each request it makes (the requests still go to the real server). */
export function recordingFetch(): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const record: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    sent.push({ method: init?.method ?? 'GET', path: url.pathname, headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  return { fetch: record, sent };
}

/** How the peer answers one request: refuse it with a status and headers, or pass it on to the API. */
export type PeerAnswer = { status: number; headers?: Record<string, string>; body?: unknown } | 'forward';

/**
 * A real HTTP server on loopback in front of the API: a reverse proxy (a load balancer, say) that refuses the
 * requests `answer` picks, with 429 or 503 and a Retry-After, and forwards the rest unchanged.
 */
export async function startPeer(
  apiUrl: string,
  answer: (req: IncomingMessage, n: number) => PeerAnswer,
): Promise<{ url: string; seen: IncomingMessage[]; close(): Promise<void> }> {
  const seen: IncomingMessage[] = [];
  const server = createServer(async (req, res) => {
    seen.push(req);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const decided = answer(req, seen.length);
    if (decided !== 'forward') {
      res.writeHead(decided.status, { 'content-type': 'application/json', ...decided.headers });
      res.end(JSON.stringify(decided.body ?? { error: 'service_unavailable', message: 'peer refused' }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
    }
    const upstream = await fetch(apiUrl + (req.url ?? '/'), {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding')
        out[name] = value;
    });
    res.writeHead(upstream.status, out);
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
