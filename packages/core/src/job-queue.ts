import { createBullQueue, createInProcessQueue, type JobQueue } from '@countersign/queue';
import { outboxDispatchJob } from '@countersign/schemas';
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
    : createInProcessQueue(runtime.jobs, { onError: options.onError });
  if (!options.hostsWorker) {
    runtime.ctx.outbox.kick = () => void queue.enqueue(outboxDispatchJob, {}).catch(() => {});
  }
  return queue;
}
