import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startTestApi } from '@countersign/api/testing';
import { startRedis } from '@countersign/test-support';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { type BenchRow, ms } from '../report.ts';
import { type CannonOptions, type CannonResult, cannon } from './cannon.ts';
import { benchAccount, benchTemplate, startWorkers, stopWorkers, templateSend } from './fixtures.ts';

const CONNECTIONS = 200;
/** The 30 s; BENCH_QUICK=1 shortens each load window to 10 s for a quick look. */
const DURATION_S = process.env.BENCH_QUICK === '1' ? 10 : 30;
const SESSIONS = 1000;
const WARMUP_S = 5;
const BULK_ENTRIES = 1000;

/** The floor: a minimal Hono app on @hono/node-server, loaded with the same autocannon settings. */
async function helloWorld(): Promise<CannonResult> {
  const app = new Hono().get('/', (c) => c.text('ok'));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    return await cannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      requests: [{ method: 'GET', path: '/' }],
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Bulk sends back to back in a child process until stop() (which resolves to how many completed). */
function startBulkSender(args: string[]): { stop(): Promise<number> } {
  const entry = path.join(import.meta.dirname, 'bulk-sender-child.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    async stop() {
      child.stdin.end();
      const code = await exited;
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) throw new Error(`bulk sender exited ${code}: ${err.slice(-300)}`);
      return (JSON.parse(line) as { sends: number }).sends;
    },
  };
}

const describe = (r: CannonResult) =>
  `p99 ${ms(r.p99)}, ${Math.round(r.requestsPerSecond)} req/s` +
  (r.non2xx + r.errors + r.timeouts
    ? ` (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`
    : '');

/**
 * Issue 7: POST /api/sessions/cancel under 200 connections, idle and while 1,000-entry template bulk sends run
 * back to back for the whole window (a single send would leave most of it idle). The scaled topology, as a
 * deployment under load runs it: this process serves the API without a worker and one worker process consumes
 * the sends through Redis. Each connection cycles through 1,000 real sessions: the first pass cancels, later
 * ones answer alreadyCancelled. A 5 s warm-up on other sessions comes first.
 */
export async function run(): Promise<BenchRow[]> {
  const hello = await helloWorld();
  const redis = await startRedis();
  const api = await startTestApi({ redisUrl: redis.url, worker: false });
  const workers = await startWorkers(api, 1);
  try {
    const account = await benchAccount(api);
    const templateId = await benchTemplate(api, account.accountId);
    // Fresh sessions for each window, so each starts with real cancellations (writes), then repeats.
    const fresh = () => templateSend(api, account.accessToken, templateId, SESSIONS);
    const load = (sessionIds: string[], durationSeconds = DURATION_S): CannonOptions => ({
      url: api.url,
      connections: CONNECTIONS,
      durationSeconds,
      requests: sessionIds.map((sessionId) => ({
        method: 'POST',
        path: '/api/sessions/cancel',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.accessToken}` },
        body: JSON.stringify({ sessionId, reason: 'bench' }),
      })),
    });
    // Warm-up, not measured: the server's first seconds under load are the JIT's, not the service's.
    await cannon(load(await fresh(), WARMUP_S));
    const idle = await cannon(load(await fresh()));

    const busySessions = await fresh();
    const bulk = startBulkSender([api.url, account.accessToken, templateId, String(BULK_ENTRIES)]);
    const busy = await cannon(load(busySessions));
    const bulkSends = await bulk.stop();

    const clean = (r: CannonResult) => r.non2xx + r.errors + r.timeouts === 0;
    const window = `${CONNECTIONS} connections, ${DURATION_S} s, API + 1 worker process`;
    return [
      {
        scenario: `cancel, idle, ${window}`,
        figure: describe(idle),
        floor: '-',
        ratio: null,
        target: 'p99 <= 50 ms, all 2xx',
        pass: idle.p99 <= 50 && clean(idle),
      },
      {
        scenario: `cancel during 1,000-entry bulk sends (${bulkSends} ran), ${window}`,
        figure: describe(busy),
        floor: `p99 ${ms(idle.p99)} (idle)`,
        ratio: busy.p99 / Math.max(idle.p99, 1),
        target: 'p99 <= 50 ms and <= 2x idle p99',
        pass: busy.p99 <= 50 && busy.p99 <= 2 * Math.max(idle.p99, 1) && clean(busy),
      },
      {
        scenario: `cancel requests/s, idle, ${window}`,
        figure: `${Math.round(idle.requestsPerSecond)} req/s`,
        floor: `${Math.round(hello.requestsPerSecond)} req/s (Hono hello-world, p99 ${ms(hello.p99)})`,
        ratio: idle.requestsPerSecond / hello.requestsPerSecond,
        target: '>= 0.5',
        pass: idle.requestsPerSecond / hello.requestsPerSecond >= 0.5,
      },
    ];
  } finally {
    await stopWorkers(workers);
    await api.close();
    await redis.stop();
  }
}
