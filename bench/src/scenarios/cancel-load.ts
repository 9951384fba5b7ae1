import path from 'node:path';
import { startTestApi } from '@countersign/api/testing';
import { startRedis } from '@countersign/test-support';
import { Hono } from 'hono';
import { type BenchRow, ms } from '../report.ts';
import { loadBareApp } from './bare-app.ts';
import { scaledCancelRows } from './cancel-windows.ts';
import type { CannonResult } from './cannon.ts';
import { startWorkers, stopWorkers } from './fixtures.ts';
import { sqliteFloor } from './sqlite-floor.ts';

/** The floor: a minimal Hono app on @hono/node-server, loaded with the same autocannon settings. */
async function helloWorld(): Promise<CannonResult> {
  return loadBareApp(
    new Hono().get('/', (c) => c.text('ok')),
    [{ method: 'GET', path: '/' }],
  );
}

/**
 * Issue 7: POST /api/sessions/cancel under 200 connections, idle and while 1,000-entry template bulk sends run
 * back to back for the whole window (a single send would leave most of it idle). The scaled topology, as a
 * deployment under load runs it: this process serves the API without a worker and one worker process consumes
 * the sends through Redis.
 */
export async function run(): Promise<BenchRow[]> {
  const hello = await helloWorld();
  const redis = await startRedis();
  const api = await startTestApi({ redisUrl: redis.url, worker: false });
  const workers = await startWorkers(api, 1);
  try {
    return await scaledCancelRows(
      api,
      '',
      (account) => sqliteFloor(path.join(api.config.dataDir, 'countersign.db'), account.accountId),
      'better-sqlite3',
      // Hello-world reads no body and no database: no cancel comes near half of it. The floor is what one can.
      (idle, window) => [
        {
          scenario: `cancel requests/s, idle, ${window}`,
          figure: `${Math.round(idle.requestsPerSecond)} req/s`,
          floor: `${Math.round(hello.requestsPerSecond)} req/s (Hono hello-world, p99 ${ms(hello.p99)})`,
          ratio: idle.requestsPerSecond / hello.requestsPerSecond,
          target: '>= 0.5',
          pass: idle.requestsPerSecond / hello.requestsPerSecond >= 0.5,
        },
      ],
    );
  } finally {
    await stopWorkers(workers);
    await api.close();
    await redis.stop();
  }
}
