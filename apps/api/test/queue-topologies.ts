import { startRedis, type TestRedis } from '@countersign/test-support';
import { afterAll, beforeAll } from 'vitest';
import type { TestApiOptions } from './harness.ts';

/**
 * The two queue topologies whatever goes through the queue must behave the same on, for `describe.each`: the
 * embedded in-process queue, and BullMQ on a real Redis. Each row is the driver's name and the API options
 * selecting it. Call it at the top of a test file: it starts the file's Redis before its tests and stops it after.
 */
export function queueTopologies() {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  const redisUrl = () => {
    if (!redis) throw new Error('Redis is not started yet: read the options inside a hook or a test');
    return redis.url;
  };
  return [
    ['in-process', (): TestApiOptions => ({})],
    ['bullmq', (): TestApiOptions => ({ redisUrl: redisUrl() })],
  ] as const;
}
