import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Config, loadConfig } from '@countersign/config';
import { type Clock, createAccount, openApiRuntime, type Runtime } from '@countersign/core';
import type { Mailer } from '@countersign/mail';
import { createMetrics } from '@countersign/metrics';
import type { JobQueue } from '@countersign/queue';
import { createTestDatabase, freePort, tempDir, testDialect } from '@countersign/test-support';
import { startWorker, type WorkerHandle } from '@countersign/worker/loop';
import { serve } from '@hono/node-server';
import pino, { type Logger } from 'pino';
import { createApp } from '../src/app.ts';
import {
  problemsWith,
  type ResponseChecker,
  servedDocumentChecker,
  UndocumentedResponseError,
} from './openapi-check.ts';

export interface TestApi {
  url: string;
  config: Config;
  /**
   * What points another process (the CLI) at this API's data: its DATA_DIR and, on PostgreSQL, its database
   * with the SECRETS_KEY it is encrypted under.
   */
  dataEnv: Record<string, string>;
  runtime: Runtime;
  queue: JobQueue;
  app: ReturnType<typeof createApp>;
  /**
   * fetch against the real server on loopback. Throws `UndocumentedResponseError` when this response, or any
   * earlier one not yet reported (a browser's, a plain `fetch`'s), is not as the OpenAPI document says.
   */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** POST a JSON body, optionally with a bearer token. */
  post(path: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<Response>;
  /** A new integration account and a fresh access token for it. */
  newAccount(
    name?: string,
    email?: string,
  ): Promise<{ accountId: string; refreshToken: string; accessToken: string; ownerMemberId: string }>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  env?: Record<string, string>;
  /** The API's logger; silent by default. */
  logger?: Logger;
  /** Set to a Redis URL to run the BullMQ topology: the API enqueues, an in-process BullMQ worker consumes. */
  redisUrl?: string;
  clock?: Clock;
  mailer?: Mailer;
  /** Whether a worker runs (default true). */
  worker?: boolean;
  /**
   * Hold every response the server gives against the OpenAPI document it serves (docs/testing.md). Default:
   * on under vitest; benchmarks measure the service without it.
   */
  checkResponses?: boolean;
  /** Routes a test adds before the server starts (Hono takes none after its first request). */
  routes?: (app: ReturnType<typeof createApp>) => void;
}

/** A real API on a loopback port with its own DATA_DIR (and own queue prefix in BullMQ mode). */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const port = await freePort();
  // TEST_DIALECT=postgres runs the same tests on a PostgreSQL database of this API's own (docs/testing.md), unless
  // the test names its database (DATABASE_URL '' for a test of the embedded topology's SQLite file).
  const database =
    testDialect() === 'postgres' && options.env?.DATABASE_URL === undefined
      ? await createTestDatabase()
      : undefined;
  const config = loadConfig({
    DATA_DIR: tempDir('countersign-api-'),
    ...database?.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    QUEUE_PREFIX: `t${port}x${Math.random().toString(36).slice(2, 8)}`,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    // Drawing every sent page is seconds of CPU per send: tests of the pages (and the signing page) turn it on.
    PAGE_IMAGES: '0',
    ...options.env,
  });
  const metrics = config.metrics.token ? createMetrics({ service: 'api' }) : undefined;
  const hostsWorker = options.worker !== false;
  const { runtime, queue } = await openApiRuntime(config, {
    clock: options.clock,
    mailer: options.mailer,
    telemetry: metrics?.telemetry,
    hostsWorker,
  });
  // TEST_LOG=debug (or info, warn...) shows the API's log while a test runs; silent by default.
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG ?? 'silent' });
  const worker: WorkerHandle | undefined = hostsWorker
    ? startWorker(runtime, config, logger, { consumeQueue: true })
    : undefined;
  metrics?.observe({ runtime, queue });
  const app = createApp({ config, runtime, queue, logger, metrics });
  options.routes?.(app);
  // Checked on the server side, so the browser's requests and a test's plain `fetch` are covered too. A
  // problem is kept until the next `api.fetch`/`api.post` or `close()` throws it in the test.
  let checker: ResponseChecker | undefined;
  const problems: string[] = [];
  let reported = 0;
  const handler: typeof app.fetch = async (request, ...rest) => {
    const res = await app.fetch(request, ...rest);
    if (checker) {
      const { method, url } = request;
      const found = await problemsWith(checker, method, url, res).catch((e: unknown) => [
        `${method} ${url}: ${e}`,
      ]);
      problems.push(...found);
    }
    return res;
  };
  const throwUnreported = () => {
    const fresh = problems.slice(reported);
    reported = problems.length;
    if (fresh.length > 0) throw new UndocumentedResponseError(fresh);
  };
  const server = serve({ fetch: handler, port, hostname: '127.0.0.1' });
  // Longer than the client's idle timeout (undici's is 4 s), so that the client, not the server, closes an
  // idle keep-alive connection: otherwise a request sent as the server closes it (both timers late on a busy
  // machine, or after a test blocked the event loop for seconds) fails with ECONNRESET.
  (server as Server).keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (options.checkResponses ?? process.env.VITEST !== undefined) checker = await servedDocumentChecker(url);
  const checked = async (res: Response) => {
    try {
      throwUnreported();
    } catch (error) {
      await res.body?.cancel();
      throw error;
    }
    return res;
  };

  const api: TestApi = {
    url,
    config,
    dataEnv: { DATA_DIR: config.dataDir, ...database?.env },
    runtime,
    queue,
    app,
    fetch: async (path, init) => checked(await fetch(url + path, init)),
    post: async (path, body, token, headers = {}) =>
      checked(
        await fetch(url + path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    async newAccount(name = 'Acme Integrations', email = 'ops@acme.test') {
      const { accountId, refreshToken, ownerMemberId } = await createAccount(runtime.ctx, { name, email });
      const res = await api.post('/connect/token', { refresh_token: refreshToken });
      const { access_token } = (await res.json()) as { access_token: string };
      return { accountId, refreshToken, accessToken: access_token, ownerMemberId };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker?.close();
      await queue.close();
      await runtime.close();
      await database?.drop();
      throwUnreported();
    },
  };
  return api;
}

/** Decodes a JWT's header and payload without verifying it (tests check the claims we issued). */
export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [h, p] = token.split('.');
  const part = (s: string | undefined) =>
    JSON.parse(Buffer.from(s ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: part(h), payload: part(p) };
}
