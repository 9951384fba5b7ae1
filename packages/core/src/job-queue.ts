import type { Config } from '@countersign/config';
import { createBullQueue, createInProcessQueue, type JobQueue } from '@countersign/queue';
import { outboxDispatchJob } from '@countersign/schemas';
import { startJobThreads } from './job-threads/threads.ts';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime.ts';

export interface ApiRuntimeOptions extends Omit<RuntimeOptions, 'wakeOutbox' | 'enqueue'> {
  /** Whether this process also runs a worker (the embedded default); without one, outbox passes run elsewhere. */
  hostsWorker: boolean;
  onError?: (err: unknown) => void;
}

/**
 * An API process's runtime and the producer side of its job queue, wired once: BullMQ when REDIS_URL is set,
 * the in-process driver otherwise. Without a worker in this process, outbox kicks travel through the queue
 * (but to worker processes on PostgreSQL, which the database notifies itself).
 */
export async function openApiRuntime(
  config: Config,
  options: ApiRuntimeOptions,
): Promise<{ runtime: Runtime; queue: JobQueue }> {
  const { hostsWorker, onError, ...runtimeOptions } = options;
  // Worker processes on PostgreSQL are woken by the rows' own commit (OUTBOX_CHANNEL): no Redis job needed.
  const wakeOutbox =
    config.databaseUrl && config.redisUrl
      ? () => {}
      : () => void queue.enqueue(outboxDispatchJob, {}).catch(() => {});
  const runtime = await createRuntime(config, {
    ...runtimeOptions,
    ...(hostsWorker ? {} : { wakeOutbox }),
    // The outbox's `job` rows go on this process's queue (outbox/jobs.ts).
    enqueue: (def, payload, opts) => queue.enqueue(def, payload, opts),
  });
  // Assigned once, before any request can commit and kick or a pass can deliver (the runtime serves nothing yet).
  const queue = config.redisUrl
    ? createBullQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix })
    : inProcessQueue(runtime, onError);
  return { runtime, queue };
}

/**
 * The embedded queue: WORKER_CONCURRENCY jobs at once; with JOB_THREADS each on a job thread (job-threads/),
 * off the API's event loop, unless the runtime cannot be rebuilt on a thread (a test's injected clock or mailer).
 */
function inProcessQueue(runtime: Runtime, onError: ((err: unknown) => void) | undefined): JobQueue {
  const { config, telemetry, pdf } = runtime.ctx;
  const concurrency = config.workerConcurrency;
  const threads =
    config.jobThreads && runtime.threadable
      ? startJobThreads({ config, size: concurrency, telemetry, pdf, onError })
      : undefined;
  if (threads) runtime.jobs.delegateTo(threads.dispatch);
  const queue = createInProcessQueue(runtime.jobs, { concurrency, onError });
  return {
    ...queue,
    async close() {
      await queue.close(); // running jobs finish first
      await threads?.close();
    },
  };
}
