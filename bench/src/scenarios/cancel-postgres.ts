import { startTestApi } from '@countersign/api/testing';
import { createTestDatabase, startRedis } from '@countersign/test-support';
import type { BenchRow } from '../report.ts';
import { scaledCancelRows } from './cancel-windows.ts';
import { startWorkers, stopWorkers } from './fixtures.ts';
import { postgresFloor } from './postgres-floor.ts';

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
    return await scaledCancelRows(
      api,
      'PostgreSQL, ',
      (account) => postgresFloor(database.url, account.accountId),
      'node-pg (pool of 10)',
    );
  } finally {
    await stopWorkers(workers);
    await api.close();
    await redis.stop();
    await database.drop();
  }
}
