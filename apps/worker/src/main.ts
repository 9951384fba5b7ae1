import { loadConfigOrExit } from '@countersign/config';
import { createRuntime } from '@countersign/core';
import { createMetrics, serveMetrics } from '@countersign/metrics';
import { createBullQueue } from '@countersign/queue';
import { prepareRuntime, serviceLogger, stopOnSignal } from './process.ts';
import { startWorker } from './worker-loop.ts';

/**
 * `pnpm start:worker`: one worker process of the scaled topology. It consumes BullMQ jobs (sends,
 * completion, deliveries) and polls the database's durable state. Several may run against one Redis.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit({
    redisUrl: 'REDIS_URL: required for worker processes (pnpm start runs an embedded worker instead)',
  });
  const logger = serviceLogger('worker', config);
  // A worker has no HTTP API: with WORKER_METRICS_PORT it serves its own /metrics there (same token).
  const { token, workerPort } = config.metrics;
  const metrics = token && workerPort !== undefined ? createMetrics({ service: 'worker' }) : undefined;
  // The producer side too: this worker's outbox passes queue the session jobs that commits asked for.
  const queue = createBullQueue({ redisUrl: config.redisUrl!, prefix: config.queuePrefix });
  const runtime = await createRuntime(config, { telemetry: metrics?.telemetry, enqueue: queue.enqueue });
  await prepareRuntime(runtime, config, logger);
  const worker = startWorker(runtime, config, logger, { consumeQueue: true });
  metrics?.observe({ runtime });
  const metricsServer =
    metrics && token && workerPort !== undefined
      ? await serveMetrics(metrics, { port: workerPort, host: config.host, token })
      : undefined;
  logger.info(
    { dataDir: config.dataDir, concurrency: config.workerConcurrency, metricsPort: metricsServer?.port },
    'countersign worker started',
  );

  stopOnSignal(logger, 'finishing active jobs, then stopping', async () => {
    await metricsServer?.close();
    await worker.close();
    await queue.close();
    await runtime.close();
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
