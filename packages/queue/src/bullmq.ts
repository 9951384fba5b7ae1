import { randomUUID } from 'node:crypto';
import { Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobRegistry } from './registry.ts';
import {
  type EnqueueOptions,
  type JobDefinition,
  JobFailedError,
  type JobQueue,
  JobTimeoutError,
  JobUnavailableError,
  QueueUnavailableError,
  type RunOptions,
  UNAVAILABLE_MARK,
} from './types.ts';

export interface BullOptions {
  redisUrl: string;
  /** Key prefix: tests give every run its own, production keeps the default. */
  prefix?: string;
  queueName?: string;
}

const DEFAULT_QUEUE = 'countersign';
const DEFAULT_PREFIX = 'countersign';

/** Finished jobs are kept briefly (results are read right after completion) and then trimmed. */
const REMOVE_ON_COMPLETE = { age: 3600, count: 10_000 };
const REMOVE_ON_FAIL = { age: 7 * 86_400 };
/** How long close() may wait for Redis before it simply disconnects. */
const CLOSE_LIMIT_MS = 5_000;

const withinMs = <T>(ms: number, p: Promise<T>): Promise<T | undefined> =>
  Promise.race([p, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);

/**
 * The producer side used by the API: fails fast when Redis is down (no offline queue, one try per
 * command) and waits for results through one shared QueueEvents stream.
 */
export function createBullQueue(options: BullOptions): JobQueue {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const name = options.queueName ?? DEFAULT_QUEUE;
  const producer = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  producer.on('error', () => {}); // reconnects by itself; readiness and 503s report the outage
  // Let BullMQ wait for 'ready' (no skipWaitingForReady): its start-up INFO would otherwise hit the
  // disabled offline queue, fail, and leave the Queue rejecting every add for good.
  const queue = new Queue(name, { connection: producer, prefix });
  queue.on('error', () => {});
  const eventsConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  eventsConnection.on('error', () => {});
  const events = new QueueEvents(name, { connection: eventsConnection, prefix });
  const eventsReady = events.waitUntilReady().catch(() => {});
  events.on('error', () => {});
  // Every waiting caller adds a listener (waitUntilFinished): hundreds of concurrent sends are normal.
  events.setMaxListeners(0);
  queue.setMaxListeners(0);

  const add = async (def: JobDefinition, payload: unknown, jobId: string, delayMs?: number) => {
    if (producer.status !== 'ready') throw new QueueUnavailableError('the job queue (Redis) is unreachable');
    try {
      return await queue.add(def.name, payload, {
        jobId,
        attempts: def.attempts ?? 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: REMOVE_ON_COMPLETE,
        removeOnFail: REMOVE_ON_FAIL,
        ...(delayMs ? { delay: delayMs } : {}),
      });
    } catch (err) {
      throw new QueueUnavailableError('the job queue (Redis) is unreachable', { cause: err });
    }
  };

  /**
   * A caller-named job that already failed is the caller's earlier try (a retry with the same Idempotency-Key
   * after a 5xx). Jobs are idempotent per id, so it runs again with all its attempts; otherwise the retry would
   * be handed the old failure for as long as the job is kept (a week).
   */
  const againIfFailed = async (jobId: string) => {
    if (producer.status !== 'ready') throw new QueueUnavailableError('the job queue (Redis) is unreachable');
    try {
      const job = await Job.fromId(queue, jobId);
      if (!job || !(await job.isFailed())) return undefined;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return job;
    } catch (err) {
      throw new QueueUnavailableError('the job queue (Redis) is unreachable', { cause: err });
    }
  };

  return {
    driver: 'bullmq',
    async run<T>(def: JobDefinition, payload: unknown, opts: RunOptions): Promise<T> {
      // The events stream reads from "now" when it starts: let it start before the job can finish.
      await withinMs(CLOSE_LIMIT_MS, eventsReady);
      const job =
        (opts.jobId && (await againIfFailed(opts.jobId))) ||
        (await add(def, payload, opts.jobId ?? randomUUID()));
      const stop = { done: false };
      try {
        // Events are the fast path; a slow poll of the job's state is the safety net for a missed event
        // (a stream reconnect, or a finish in the instant before the stream's first read).
        const finished = job.waitUntilFinished(events, opts.timeoutMs);
        const polled = pollFinished(queue, job.id!, stop);
        // The loser of the race may still settle later: never let it become an unhandled rejection.
        finished.catch(() => {});
        polled.catch(() => {});
        return (await Promise.race([finished, polled])) as T;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (/timed out/i.test(message))
          throw new JobTimeoutError(`job ${def.name} still running`, { cause: err });
        if (producer.status !== 'ready')
          throw new QueueUnavailableError('the job queue (Redis) is unreachable');
        if (message.startsWith(UNAVAILABLE_MARK))
          throw new JobUnavailableError(`job ${def.name}: ${message.slice(UNAVAILABLE_MARK.length)}`, {
            cause: err,
          });
        throw new JobFailedError(`job ${def.name} failed: ${message}`, { cause: err });
      } finally {
        stop.done = true;
      }
    },
    async enqueue(def: JobDefinition, payload: unknown, opts: EnqueueOptions = {}): Promise<void> {
      await add(def, payload, opts.jobId ?? randomUUID(), opts.delayMs);
    },
    async depth() {
      if (producer.status !== 'ready')
        throw new QueueUnavailableError('the job queue (Redis) is unreachable');
      // One queue carries every kind: count the waiting jobs by name, scanning at most DEPTH_SCAN of them.
      const jobs = await queue.getJobs(['waiting', 'prioritized', 'delayed'], 0, DEPTH_SCAN - 1);
      const byKind: Record<string, number> = {};
      for (const job of jobs) if (job) byKind[job.name] = (byKind[job.name] ?? 0) + 1;
      return byKind;
    },
    async ready() {
      if (producer.status !== 'ready') return false;
      try {
        return (await producer.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      // With Redis down, BullMQ's close waits for commands that never complete: bound it, then cut.
      await withinMs(CLOSE_LIMIT_MS, Promise.allSettled([events.close(), queue.close()]));
      producer.disconnect();
      eventsConnection.disconnect();
    },
  };
}

const POLL_MS = 1_000;
/** The depth gauge reads at most this many waiting jobs per scrape (beyond it, the alert has fired anyway). */
const DEPTH_SCAN = 5_000;

/** Resolves with the job's result (or rejects with its failure) once a poll sees it finished. */
async function pollFinished(queue: Queue, jobId: string, stop: { done: boolean }): Promise<unknown> {
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS).unref());
    if (stop.done) return new Promise(() => {}); // the race is over: never settle
    const job = await Job.fromId(queue, jobId).catch(() => undefined);
    const state = await job?.getState().catch(() => undefined);
    if (state === 'completed') return job!.returnvalue;
    if (state === 'failed') throw new Error(job!.failedReason);
  }
}

export interface BullWorkerOptions extends BullOptions {
  registry: JobRegistry;
  concurrency?: number;
  onError?: (err: unknown) => void;
  onFailed?: (jobName: string, err: Error) => void;
  /** Whether a job's error is a dependency out of reach (the database, blob storage), not the job's fault. */
  unavailable?: (err: Error) => boolean;
}

/**
 * The consumer side run by `apps/worker`: a blocking connection that retries forever
 * (maxRetriesPerRequest null), so a Redis restart pauses work instead of crashing the process.
 */
export function createBullWorker(options: BullWorkerOptions): BullWorkerHandle {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', () => {});
  /** The handlers running in this process: what a graceful stop waits for. */
  const active = new Set<Promise<unknown>>();
  const handle = async (job: Job) => {
    try {
      return await options.registry.dispatch(job.name, job.data, {
        jobId: job.id ?? randomUUID(),
        attempt: job.attemptsMade + 1,
        // A first attempt waited since it was added (plus its delay); a retry's wait is its back-off, not queueing.
        ...(job.attemptsMade === 0 ? { dueAt: job.timestamp + (job.opts.delay ?? 0) } : {}),
      });
    } catch (err) {
      // A payload that fails its schema can never succeed: do not retry it.
      if (err instanceof Error && err.name === 'ZodError') throw new UnrecoverableError(err.message);
      // The caller waiting on it answers 503 rather than 500 if every attempt meets this (see run()).
      if (err instanceof Error && options.unavailable?.(err))
        throw new Error(`${UNAVAILABLE_MARK}${err.message}`, { cause: err });
      throw err;
    }
  };
  const worker = new Worker(
    options.queueName ?? DEFAULT_QUEUE,
    async (job) => {
      const running = handle(job);
      active.add(running);
      try {
        return await running;
      } finally {
        active.delete(running);
      }
    },
    {
      connection,
      prefix: options.prefix ?? DEFAULT_PREFIX,
      concurrency: options.concurrency ?? 2,
      // A kill -9'd worker's job is picked up again after this long.
      lockDuration: 30_000,
      stalledInterval: 15_000,
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => options.onError?.(err));
  worker.on('failed', (job, err) => options.onFailed?.(job?.name ?? 'unknown', err));
  return {
    worker,
    async close() {
      // Graceful: close() takes no new job at once; wait for the handlers running here (bounded), then give
      // BullMQ's own bookkeeping a short bound. After a Redis restart its close can wait forever for the
      // blocking connection's 'end', and close(true) would hand back that same pending promise. A job cut
      // short is picked up again as stalled.
      const closing = worker.close().catch(() => {});
      const deadline = Date.now() + GRACEFUL_LIMIT_MS;
      while (active.size > 0 && Date.now() < deadline) {
        await withinMs(deadline - Date.now(), Promise.allSettled([...active]));
      }
      await withinMs(CLOSE_LIMIT_MS, closing);
      connection.disconnect();
    },
  };
}

export interface BullWorkerHandle {
  worker: Worker;
  close(): Promise<void>;
}

/** How long a stopping worker waits for its active jobs (a 10,000-entry send fits well within it). */
const GRACEFUL_LIMIT_MS = 120_000;
