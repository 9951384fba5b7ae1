import { exitOf, pidOf, type ServiceProcess } from '@countersign/test-support';
import { expect } from 'vitest';

// What the fault tests with real processes share (faults.test.ts on one SQLite file, several-hosts-faults.test.ts
// on PostgreSQL): killing a worker, and waiting for the send it held to be finished elsewhere.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGKILL to the worker's own node process (a SIGKILLed tsx cannot pass it on); resolves once it is gone. */
export async function kill9(worker: ServiceProcess): Promise<number> {
  process.kill(pidOf(worker)!, 'SIGKILL');
  expect(await exitOf(worker)).not.toBe(0);
  return Date.now();
}

/**
 * After a worker was killed mid-send: the caller's first request (a short SEND_TIMEOUT_MS) has given up with 503,
 * unless the job had finished, and its retries with the key answer 409 or 503 until a new worker has taken the
 * stalled job over (once its lock, 30 s and not configurable, has expired) and finished it: that answer.
 */
export async function finishedByKey(
  first: Promise<Response>,
  retry: () => Promise<Response>,
  killedAt: number,
): Promise<string> {
  const firstRes = await first;
  if (firstRes.status !== 200) {
    expect(firstRes.status).toBe(503);
    expect(await firstRes.json()).toMatchObject({ error: 'send_timeout' });
  }
  let done: Response | undefined = firstRes.status === 200 ? firstRes : undefined;
  while (!done) {
    if (Date.now() - killedAt > 90_000) throw new Error('the send was not finished within 90 s of the kill');
    const res = await retry();
    if (res.status === 200) done = res;
    else {
      expect([503, 409]).toContain(res.status);
      await res.arrayBuffer();
      await sleep(500);
    }
  }
  const text = await done.text();
  // And the key keeps answering with exactly that result.
  const replay = await retry();
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(await replay.text()).toBe(text);
  return text;
}
