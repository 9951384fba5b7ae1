import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { textPdf } from '@countersign/test-support';

/** One request a receiver got, body exactly as sent. */
export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** Parsed JSON body. */
  event: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  path: string;
}

/** How the receiver answers a request: a status (and body/headers), or 'hang' (never answer). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides the answer of each request; `n` counts from 1. Default: 204. */
  answer: (req: Received, n: number) => Answer;
  /** Resolves with the first request (received already or later) that matches; bounded. */
  waitFor(predicate: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

/** A real HTTP webhook receiver on 127.0.0.1 that records every request. */
export async function startReceiver(): Promise<Receiver> {
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  let count = 0;
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => ({ status: 204 }),
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = receiver.received.find(predicate);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching webhook within ${timeoutMs} ms (${receiver.received.length} received)`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      let event: Received['event'];
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        event = { id: '', type: '', createdAt: '', data: {} };
      }
      const got: Received = { headers: req.headers, rawBody, event, path: req.url ?? '/' };
      receiver.received.push(got);
      for (const waiter of [...waiters]) waiter();
      const answer = receiver.answer(got, ++count);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** A small text PDF, unique per call (so each is a new document). */
export const makeTestPdf = (title = `webhooks-${randomUUID()}`): Promise<Uint8Array> => textPdf(title);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `call(method, path, token, body?)`: a bearer request to `api`, a JSON body when given (a string as is). */
export const bearerCaller =
  (api: { fetch(path: string, init?: RequestInit): Promise<Response> }) =>
  (method: string, path: string, token: string, body?: unknown) =>
    api.fetch(path, {
      method,
      headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
