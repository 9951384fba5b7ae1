import { randomUUID } from 'node:crypto';
import { type JobRegistry, throughTheWire } from './registry.ts';
import {
  type EnqueueOptions,
  type JobDefinition,
  JobFailedError,
  type JobQueue,
  JobTimeoutError,
  type RunOptions,
} from './types.ts';

export interface InProcessQueueOptions {
  /** Most jobs running at once (WORKER_CONCURRENCY, as a BullMQ worker's); the rest wait their turn. */
  concurrency: number;
  onError?: (err: unknown) => void;
}

/**
 * The embedded driver: the handler runs in this process (on the registry's job threads when it delegates to
 * them). The payload goes through a JSON round trip and schema validation exactly as it would through Redis,
 * so both drivers exercise the same contract.
 */
export function createInProcessQueue(registry: JobRegistry, opts: InProcessQueueOptions): JobQueue {
  const pending = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  /** Jobs not yet started, by kind: delayed ones and those waiting for a free slot. */
  const waiting = new Map<string, number>();
  const count = (kind: string, by: number) => waiting.set(kind, (waiting.get(kind) ?? 0) + by);
  const slots = concurrencyLimit(opts.concurrency);
  let closed = false;

  const execute = async (def: JobDefinition, payload: unknown, jobId: string): Promise<unknown> => {
    const dueAt = Date.now();
    const attempts = def.attempts ?? 1;
    // Job threads take the payload through the wire themselves (job-threads/thread.ts), off this event loop: a
    // 10,000-entry send's round trips there and back cost the API's thread about 70 ms.
    const wire = registry.delegates ? (v: unknown) => v : throughTheWire;
    const sent = wire(payload);
    count(def.name, 1);
    const release = await slots.acquire();
    count(def.name, -1);
    let lastError: unknown;
    try {
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          return wire(await registry.dispatch(def.name, sent, { jobId, attempt, dueAt }));
        } catch (err) {
          // A payload that fails its schema can never succeed: no retry (as UnrecoverableError in BullMQ).
          if (err instanceof Error && err.name === 'ZodError') throw err;
          lastError = err;
        }
      }
      throw lastError;
    } finally {
      release();
    }
  };

  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p);
    p.finally(() => pending.delete(p)).catch(() => {});
    return p;
  };

  // Like BullMQ, one job id is one job: a second run with the id of a running job waits for that one.
  const byId = new Map<string, Promise<unknown>>();
  const start = (def: JobDefinition, payload: unknown, jobId: string): Promise<unknown> => {
    const running = byId.get(jobId);
    if (running) return running;
    const job = track(execute(def, payload, jobId));
    byId.set(jobId, job);
    job.finally(() => byId.delete(jobId)).catch(() => {});
    return job;
  };

  return {
    driver: 'in-process',
    async run<T>(def: JobDefinition, payload: unknown, options: RunOptions): Promise<T> {
      const job = start(def, payload, options.jobId ?? randomUUID());
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new JobTimeoutError(`job ${def.name} still running`)),
          options.timeoutMs,
        );
      });
      try {
        return (await Promise.race([job, timeout])) as T;
      } catch (err) {
        if (err instanceof JobTimeoutError) throw err;
        throw new JobFailedError(`job ${def.name} failed`, { cause: err });
      } finally {
        clearTimeout(timer);
      }
    },
    async enqueue(def: JobDefinition, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
      if (closed) return;
      const launch = () => {
        start(def, payload, options.jobId ?? randomUUID()).catch((err) => opts.onError?.(err));
      };
      if (!options.delayMs) {
        queueMicrotask(launch);
        return;
      }
      count(def.name, 1);
      const timer = setTimeout(() => {
        timers.delete(timer);
        count(def.name, -1);
        launch();
      }, options.delayMs);
      timer.unref();
      timers.add(timer);
    },
    async ready() {
      return !closed;
    },
    async depth() {
      return Object.fromEntries(registry.names().map((n) => [n, waiting.get(n) ?? 0]));
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      // Let running jobs finish: a graceful stop never cuts a send in half.
      await Promise.allSettled([...pending]);
    },
  };
}

/** At most `limit` holders at once; acquire() resolves to the release of the slot it got, in arrival order. */
function concurrencyLimit(limit: number): { acquire(): Promise<() => void> } {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`concurrency must be a positive integer, got ${limit}`);
  let held = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else held--;
  };
  return {
    acquire() {
      if (held < limit) {
        held++;
        return Promise.resolve(release);
      }
      return new Promise((resolve) => queue.push(() => resolve(release)));
    },
  };
}
