import { startTestApi } from '@countersign/api/testing';
import { createTestDatabase, startRedis } from '@countersign/test-support';
import { type BenchRow, ms } from '../report.ts';
import {
  busyRow,
  CONNECTIONS,
  clean,
  DURATION_S,
  describeWindow,
  idleRow,
  idleThenBusy,
} from './cancel-windows.ts';
import { startWorkers, stopWorkers } from './fixtures.ts';
import { postgresFloor } from './postgres-floor.ts';

const BULK_ENTRIES = 1000;

/**
 * Issue 15: the cancel windows of cancel-load.ts on the PostgreSQL topology. The API (no worker) and one worker
 * process share a database of their own on this machine's server and Redis; every cancel is a SERIALIZABLE
 * transaction on a pooled connection. The floor is what the same two reads cost with nothing of ours around them.
 */
export async function run(): Promise<BenchRow[]> {
  const database = await createTestDatabase();
  const redis = await startRedis();
  const api = await startTestApi({ redisUrl: redis.url, worker: false, env: database.env });
  const workers = await startWorkers(api, 1, database.env);
  try {
    const { account, idle, busy } = await idleThenBusy(api, BULK_ENTRIES);
    const floor = await postgresFloor(database.url, account.accountId);
    const window = `${CONNECTIONS} connections, ${DURATION_S} s, PostgreSQL, API + 1 worker process`;
    return [
      idleRow(idle, window, 'p99 <= 50 ms, all 2xx', idle.p99 <= 50 && clean(idle)),
      busyRow(busy, idle, '1,000', window),
      {
        scenario: `floor: the 2 reads a repeated cancel makes, bare Hono + node-pg (pool of 10), ${CONNECTIONS} connections, ${DURATION_S} s`,
        figure: describeWindow(floor),
        floor: '-',
        ratio: null,
        target: 'report',
        pass: clean(floor),
      },
      {
        // What the API adds to the round trips it cannot avoid (see docs/benchmarks.md for why 50 ms is out
        // of reach of those round trips on two cores).
        scenario: 'cancel, idle, against that floor (proposed target)',
        figure: `p99 ${ms(idle.p99)}`,
        floor: `p99 ${ms(floor.p99)} (floor)`,
        ratio: idle.p99 / Math.max(floor.p99, 1),
        target: 'p99 <= 2x floor p99',
        pass: idle.p99 <= 2 * Math.max(floor.p99, 1) && clean(idle),
      },
    ];
  } finally {
    await stopWorkers(workers);
    await api.close();
    await redis.stop();
    await database.drop();
  }
}
