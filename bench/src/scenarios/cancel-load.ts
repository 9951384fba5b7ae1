import path from 'node:path';
import { startTestApi } from '@countersign/api/testing';
import { startRedis } from '@countersign/test-support';
import { Hono } from 'hono';
import { type BenchRow, ms } from '../report.ts';
import { loadBareApp } from './bare-app.ts';
import {
  busyRow,
  CONNECTIONS,
  clean,
  DURATION_S,
  floorRows,
  idleRow,
  idleThenBusy,
} from './cancel-windows.ts';
import type { CannonResult } from './cannon.ts';
import { startWorkers, stopWorkers } from './fixtures.ts';
import { sqliteFloor } from './sqlite-floor.ts';

const BULK_ENTRIES = 1000;

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
    const { account, idle, busy } = await idleThenBusy(api, BULK_ENTRIES);
    const floor = await sqliteFloor(path.join(api.config.dataDir, 'countersign.db'), account.accountId);

    const window = `${CONNECTIONS} connections, ${DURATION_S} s, API + 1 worker process`;
    return [
      idleRow(idle, window, 'p99 <= 50 ms, all 2xx', idle.p99 <= 50 && clean(idle)),
      busyRow(busy, idle, '1,000', window),
      {
        scenario: `cancel requests/s, idle, ${window}`,
        figure: `${Math.round(idle.requestsPerSecond)} req/s`,
        floor: `${Math.round(hello.requestsPerSecond)} req/s (Hono hello-world, p99 ${ms(hello.p99)})`,
        ratio: idle.requestsPerSecond / hello.requestsPerSecond,
        target: '>= 0.5',
        pass: idle.requestsPerSecond / hello.requestsPerSecond >= 0.5,
      },
      // Hello-world reads no body and no database: no cancel comes near half of it. The floor is what one can.
      ...floorRows(idle, floor, 'better-sqlite3'),
    ];
  } finally {
    await stopWorkers(workers);
    await api.close();
    await redis.stop();
  }
}
