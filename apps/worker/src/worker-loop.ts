import type { Config } from '@countersign/config';
import type { Runtime } from '@countersign/core';
import { isStorageUnavailable, sweep } from '@countersign/core';
import { OUTBOX_CHANNEL } from '@countersign/db';
import { createBullWorker } from '@countersign/queue';

export interface WorkerHandle {
  /** Stops taking new jobs, lets the active ones finish, stops the periodic loops. */
  close(): Promise<void>;
}

export interface WorkerLog {
  error(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

/**
 * How often each worker looks at the outbox without being kicked: for rows that become due later (a retry's
 * back-off, a lapsed lease). New rows wake it at once: a kick in its own process, or on PostgreSQL the
 * notification their transaction sends when it commits (OUTBOX_CHANNEL).
 */
const POLL_MS = 2_000;

/**
 * The work a worker process does, whichever process hosts it: BullMQ jobs when Redis is configured
 * (several worker processes may run), and periodic passes over the database's durable state. In the
 * embedded topology the API hosts this with the in-process queue, so only the loops run here.
 */
export function startWorker(
  runtime: Runtime,
  config: Config,
  log: WorkerLog,
  options: { consumeQueue: boolean; pollMs?: number },
): WorkerHandle {
  const bull =
    options.consumeQueue && config.redisUrl
      ? createBullWorker({
          redisUrl: config.redisUrl,
          prefix: config.queuePrefix,
          registry: runtime.jobs,
          concurrency: config.workerConcurrency,
          onError: (err) => log.warn({ err }, 'queue connection error'),
          onFailed: (job, err) => log.error({ err, job }, 'job failed'),
          unavailable: isStorageUnavailable,
        })
      : undefined;

  let stopped = false;
  const tick = () => {
    if (stopped) return;
    runtime.dispatchOutbox().catch((err) => log.error({ err }, 'outbox dispatch failed'));
  };
  const timer = setInterval(tick, options.pollMs ?? POLL_MS);
  timer.unref();
  // Listening starts with a pass of its own (and so does listening again after the server went away).
  const stopListening = runtime.ctx.db.$connection.listen?.(OUTBOX_CHANNEL, tick);
  if (!stopListening) tick();
  let sweeping = false;
  const sweepTick = () => {
    if (stopped || sweeping) return;
    sweeping = true;
    sweep(runtime.ctx, log)
      .catch((err) => log.error({ err }, 'sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  };
  const sweepTimer = setInterval(sweepTick, config.sweepIntervalMs);
  sweepTimer.unref();

  return {
    async close() {
      stopped = true;
      clearInterval(timer);
      clearInterval(sweepTimer);
      await stopListening?.();
      await bull?.close();
      await runtime.dispatchOutbox().catch(() => {});
    },
  };
}
