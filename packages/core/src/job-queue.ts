import { createBullQueue, createInProcessQueue, type JobQueue } from '@countersign/queue';
import { outboxDispatchJob } from '@countersign/schemas';
import { startJobThreads } from './job-threads/threads.ts';
import type { Runtime } from './runtime.ts';

/**
 * The producer side of the job queue for an API process: BullMQ when REDIS_URL is set, the in-process
 * driver otherwise. Without a worker in this process, outbox kicks travel through the queue.
 */
export function openJobQueue(
  runtime: Runtime,
  options: { hostsWorker: boolean; onError?: (err: unknown) => void },
): JobQueue {
  const { config } = runtime.ctx;
  const queue = config.redisUrl
    ? createBullQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix })
    : inProcessQueue(runtime, options.onError);
  if (!options.hostsWorker) {
    runtime.ctx.outbox.kick = () => void queue.enqueue(outboxDispatchJob, {}).catch(() => {});
  }
  return queue;
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
