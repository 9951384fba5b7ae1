import { randomUUID } from 'node:crypto';
import {
  createBullQueue,
  createBullWorker,
  createInProcessQueue,
  JobFailedError,
  type JobQueue,
  JobRegistry,
  JobTimeoutError,
  JobUnavailableError,
  QueueUnavailableError,
} from '@countersign/queue';
import { startRedis, type TestRedis } from '@countersign/test-support';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// One registry and one set of jobs for both drivers: the point is that they behave the same.

/** Every handler call, in order. */
const calls: { job: string; tag: string; attempt: number; jobId: string }[] = [];
/** How often each job's payload schema ran, by the payload's tag (a retry validates again). */
const validations = new Map<string, number>();
const countValidation = (raw: unknown) => {
  const tag = (raw as { tag?: unknown } | null)?.tag;
  if (typeof tag === 'string') validations.set(tag, (validations.get(tag) ?? 0) + 1);
  return raw;
};
const callsOf = (tag: string) => calls.filter((c) => c.tag === tag);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const echoJob = {
  name: 'test.echo',
  payload: z.preprocess(countValidation, z.strictObject({ tag: z.string(), value: z.number().int() })),
  attempts: 3,
};
/** Throws on its first `failures` attempts, then succeeds. */
const flakyJob = {
  name: 'test.flaky',
  payload: z.object({ tag: z.string(), failures: z.number().int() }),
  attempts: 2,
};
/** Meets a dependency out of reach (the database, say) on every attempt. */
const downJob = {
  name: 'test.down',
  payload: z.object({ tag: z.string() }),
  attempts: 2,
};
/** Meets a dependency out of reach while `outage.on`, like downJob; succeeds once it is back. */
const outage = { on: false };
const recoveringJob = {
  name: 'test.recovering',
  payload: z.object({ tag: z.string() }),
  attempts: 2,
};
class OutOfReach extends Error {
  override name = 'OutOfReach';
}
const slowJob = {
  name: 'test.slow',
  payload: z.object({ tag: z.string(), ms: z.number().int() }),
  attempts: 1,
};

const registry = new JobRegistry()
  .register(echoJob, async (p, ctx) => {
    calls.push({ job: echoJob.name, tag: p.tag, attempt: ctx.attempt, jobId: ctx.jobId });
    // Results cross the queue as JSON: the Date comes back as a string with either driver.
    return { doubled: p.value * 2, at: new Date(0), attempt: ctx.attempt };
  })
  .register(flakyJob, async (p, ctx) => {
    calls.push({ job: flakyJob.name, tag: p.tag, attempt: ctx.attempt, jobId: ctx.jobId });
    if (ctx.attempt <= p.failures) throw new Error(`transient failure ${ctx.attempt}`);
    return { attempt: ctx.attempt };
  })
  .register(downJob, async (p, ctx) => {
    calls.push({ job: downJob.name, tag: p.tag, attempt: ctx.attempt, jobId: ctx.jobId });
    throw new OutOfReach('the database is out of reach');
  })
  .register(recoveringJob, async (p, ctx) => {
    calls.push({ job: recoveringJob.name, tag: p.tag, attempt: ctx.attempt, jobId: ctx.jobId });
    if (outage.on) throw new OutOfReach('the database is out of reach');
    return { attempt: ctx.attempt };
  })
  .register(slowJob, async (p, ctx) => {
    calls.push({ job: slowJob.name, tag: p.tag, attempt: ctx.attempt, jobId: ctx.jobId });
    await sleep(p.ms);
    calls.push({ job: `${slowJob.name}:done`, tag: p.tag, attempt: ctx.attempt, jobId: ctx.jobId });
    return { slept: p.ms };
  });

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.stop());
beforeEach(() => {
  calls.length = 0;
  validations.clear();
});

interface Driver {
  queue: JobQueue;
  close(): Promise<void>;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** WORKER_CONCURRENCY of both drivers here. */
const CONCURRENCY = 4;

const drivers: [string, () => Promise<Driver>][] = [
  [
    'in-process',
    async () => {
      const queue = createInProcessQueue(registry, { concurrency: CONCURRENCY });
      return { queue, close: () => queue.close() };
    },
  ],
  [
    'bullmq',
    async () => {
      // A fresh prefix per test: nothing left over from another test can be picked up.
      const prefix = `qt-${randomUUID().slice(0, 8)}`;
      const queue = createBullQueue({ redisUrl: redis.url, prefix });
      const worker = createBullWorker({
        redisUrl: redis.url,
        prefix,
        registry,
        concurrency: CONCURRENCY,
        unavailable: (err) => err instanceof OutOfReach,
      });
      // The producer connects in the background and answers "unavailable" until it has.
      await Promise.all([until(() => queue.ready(), 5_000), worker.worker.waitUntilReady()]);
      return {
        queue,
        async close() {
          await worker.close();
          await queue.close();
        },
      };
    },
  ],
];

describe.each(drivers)('%s driver', (driverName, open) => {
  let d: Driver;
  beforeEach(async () => {
    d = await open();
  });
  afterEach(() => d.close());

  it('reports its driver and is ready', async () => {
    expect(d.queue.driver).toBe(driverName);
    expect(await d.queue.ready()).toBe(true);
  });

  it('run returns the handler result as JSON', async () => {
    const result = await d.queue.run(echoJob, { tag: 'r', value: 21 }, { timeoutMs: 10_000 });
    expect(result).toEqual({ doubled: 42, at: '1970-01-01T00:00:00.000Z', attempt: 1 });
    expect(callsOf('r')).toHaveLength(1);
  });

  it('passes the caller jobId to the handler', async () => {
    const jobId = randomUUID();
    await d.queue.run(echoJob, { tag: 'id', value: 1 }, { timeoutMs: 10_000, jobId });
    expect(callsOf('id')).toEqual([{ job: echoJob.name, tag: 'id', attempt: 1, jobId }]);
  });

  it('rejects an invalid payload without calling the handler and without retrying', async () => {
    const err = await d.queue
      .run(echoJob, { tag: 'bad', value: 'not a number' }, { timeoutMs: 10_000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    expect(callsOf('bad')).toEqual([]);
    // Validated exactly once although the job allows 3 attempts.
    expect(validations.get('bad')).toBe(1);
  });

  it('retries a thrown (transient) error and returns the later attempt result', async () => {
    const result = await d.queue.run(flakyJob, { tag: 'f1', failures: 1 }, { timeoutMs: 15_000 });
    expect(result).toEqual({ attempt: 2 });
    expect(callsOf('f1').map((c) => c.attempt)).toEqual([1, 2]);
    // The job id is stable across retries (handlers key idempotent writes on it).
    expect(new Set(callsOf('f1').map((c) => c.jobId)).size).toBe(1);
  });

  it('gives up after `attempts` and rejects with JobFailedError', async () => {
    const err = await d.queue
      .run(flakyJob, { tag: 'f9', failures: 9 }, { timeoutMs: 15_000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobFailedError);
    expect((err as JobFailedError).code).toBe('job_failed');
    expect(callsOf('f9').map((c) => c.attempt)).toEqual([1, 2]);
  });

  it('tells a job whose every attempt met an unavailable dependency from one that failed', async () => {
    const err = await d.queue.run(downJob, { tag: 'down' }, { timeoutMs: 15_000 }).catch((e: unknown) => e);
    expect(callsOf('down').map((c) => c.attempt)).toEqual([1, 2]);
    // Across processes only the reason's text travels: the worker marks it and the caller gets
    // JobUnavailableError (the API answers 503). In process the error itself travels, as the cause.
    if (driverName === 'bullmq') {
      expect(err).toBeInstanceOf(JobUnavailableError);
      expect((err as Error).message).toContain('the database is out of reach');
    } else expect((err as Error).cause).toBeInstanceOf(OutOfReach);
  });

  it('runs a failed job again when the caller retries with its jobId, with all its attempts', async () => {
    const jobId = randomUUID();
    outage.on = true;
    const first = await d.queue
      .run(recoveringJob, { tag: 'again' }, { timeoutMs: 15_000, jobId })
      .catch((e: unknown) => e);
    if (driverName === 'bullmq') expect(first).toBeInstanceOf(JobUnavailableError);
    else expect((first as Error).cause).toBeInstanceOf(OutOfReach);
    outage.on = false;
    // The retry after the 503: not the old failure handed back, the job itself run again.
    const second = await d.queue.run(recoveringJob, { tag: 'again' }, { timeoutMs: 15_000, jobId });
    expect(second).toEqual({ attempt: 1 });
    expect(callsOf('again').map((c) => c.attempt)).toEqual([1, 2, 1]);
    expect(new Set(callsOf('again').map((c) => c.jobId))).toEqual(new Set([jobId]));
  });

  it('rejects run with JobTimeoutError when the job outlasts the wait; the job still finishes', async () => {
    const done = () => calls.some((c) => c.job === 'test.slow:done' && c.tag === 'slow');
    const err = await d.queue
      .run(slowJob, { tag: 'slow', ms: 800 }, { timeoutMs: 150 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobTimeoutError);
    expect((err as JobTimeoutError).code).toBe('job_timeout');
    expect(done()).toBe(false); // the wait ended, not the job
    await until(done);
  });

  it('enqueue runs the job in the background', async () => {
    await d.queue.enqueue(echoJob, { tag: 'bg', value: 3 });
    await until(() => callsOf('bg').length === 1);
    const [call] = callsOf('bg');
    expect(call).toMatchObject({ job: echoJob.name, attempt: 1 });
    expect(call?.jobId).toEqual(expect.any(String));
    expect(validations.get('bg')).toBe(1); // validated once: it ran once, no retry
  });

  it('runs at most `concurrency` jobs at once; the rest wait and count in the depth', async () => {
    const busy = () => calls.filter((c) => c.tag.startsWith('busy'));
    const started = () => busy().filter((c) => c.job === slowJob.name).length;
    for (let i = 0; i < CONCURRENCY + 2; i++) await d.queue.enqueue(slowJob, { tag: `busy${i}`, ms: 1200 });
    await until(() => started() === CONCURRENCY);
    await until(async () => (await d.queue.depth())[slowJob.name] === 2);
    await until(() => busy().length === 2 * (CONCURRENCY + 2));
    // Replay the starts and ends in the order they happened: never more than `concurrency` at once.
    let running = 0;
    let most = 0;
    for (const c of busy()) {
      running += c.job === slowJob.name ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(CONCURRENCY);
  });

  it('enqueue with delayMs waits before running', async () => {
    const started = Date.now();
    await d.queue.enqueue(echoJob, { tag: 'later', value: 3 }, { delayMs: 300 });
    await sleep(100);
    expect(callsOf('later')).toEqual([]);
    await until(() => callsOf('later').length === 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('in-process driver', () => {
  it('close() waits for running jobs, then reports not ready', async () => {
    const queue = createInProcessQueue(registry, { concurrency: CONCURRENCY });
    await queue.enqueue(slowJob, { tag: 'closing', ms: 300 });
    await until(() => callsOf('closing').length === 1);
    await queue.close();
    expect(calls.some((c) => c.job === 'test.slow:done' && c.tag === 'closing')).toBe(true);
    expect(await queue.ready()).toBe(false);
  });

  it("leaves the JSON round trips to the thread a registry delegates to (off the caller's event loop)", async () => {
    const sent = { tag: 'delegated', value: 2 };
    const answer = { doubled: 4, at: new Date(0) };
    let received: unknown;
    const delegating = new JobRegistry()
      .register(echoJob, async () => answer)
      .delegateTo(async (_name, p) => {
        received = p;
        return answer;
      });
    const queue = createInProcessQueue(delegating, { concurrency: CONCURRENCY });
    try {
      // The very objects: no copy made here (the thread's registry takes them through the wire itself).
      expect(await queue.run(echoJob, sent, { timeoutMs: 10_000 })).toBe(answer);
      expect(received).toBe(sent);
    } finally {
      await queue.close();
    }
  });

  it('close() drops delayed jobs that have not started', async () => {
    const queue = createInProcessQueue(registry, { concurrency: CONCURRENCY });
    await queue.enqueue(echoJob, { tag: 'dropped', value: 1 }, { delayMs: 100 });
    await queue.close();
    await sleep(200);
    expect(callsOf('dropped')).toEqual([]);
  });
});

describe('bullmq driver with Redis down', () => {
  it('fails fast with QueueUnavailableError, reports not ready, and recovers by itself', async () => {
    const own = await startRedis();
    const prefix = `qt-${randomUUID().slice(0, 8)}`;
    const queue = createBullQueue({ redisUrl: own.url, prefix });
    const worker = createBullWorker({ redisUrl: own.url, prefix, registry });
    try {
      await Promise.all([until(() => queue.ready(), 5_000), worker.worker.waitUntilReady()]);
      expect(await queue.run(echoJob, { tag: 'before', value: 1 }, { timeoutMs: 10_000 })).toMatchObject({
        doubled: 2,
      });

      await own.stop();
      await until(async () => !(await queue.ready()), 5_000);

      let started = Date.now();
      const runErr = await queue
        .run(echoJob, { tag: 'down', value: 1 }, { timeoutMs: 10_000 })
        .catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(100);
      expect(runErr).toBeInstanceOf(QueueUnavailableError);
      expect((runErr as QueueUnavailableError).code).toBe('service_unavailable');

      started = Date.now();
      const enqueueErr = await queue.enqueue(echoJob, { tag: 'down', value: 1 }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(100);
      expect(enqueueErr).toBeInstanceOf(QueueUnavailableError);

      started = Date.now();
      expect(await queue.ready()).toBe(false);
      expect(Date.now() - started).toBeLessThan(100);

      // Same queue and worker objects: they reconnect on their own.
      await own.start();
      await until(() => queue.ready(), 10_000);
      expect(await queue.run(echoJob, { tag: 'after', value: 5 }, { timeoutMs: 10_000 })).toMatchObject({
        doubled: 10,
      });
      expect(callsOf('down')).toEqual([]);
    } finally {
      await worker.close();
      await queue.close();
      await own.stop();
    }
  });
});
