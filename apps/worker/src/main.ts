import { loadConfigOrExit } from '@countersign/config';
import { createRuntime, logDataDirModes } from '@countersign/core';
import { withoutQueryParams } from '@countersign/db';
import { createMetrics, serveMetrics } from '@countersign/metrics';
import { createBullQueue } from '@countersign/queue';
import pino from 'pino';
import { startWorker } from './worker-loop.ts';

/**
 * `pnpm start:worker`: one worker process of the scaled topology. It consumes BullMQ jobs (sends,
 * completion, deliveries) and polls the database's durable state. Several may run against one Redis.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit({
    redisUrl: 'REDIS_URL: required for worker processes (pnpm start runs an embedded worker instead)',
  });
  const logger = pino({
    level: config.logLevel,
    base: { service: 'worker', pid: process.pid },
    // A failed query's parameters (personal data, token hashes) stay out of the log.
    serializers: { err: (err) => pino.stdSerializers.err(withoutQueryParams(err) as Error) },
  });
  // A worker has no HTTP API: with WORKER_METRICS_PORT it serves its own /metrics there (same token).
  const { token, workerPort } = config.metrics;
  const metrics = token && workerPort !== undefined ? createMetrics({ service: 'worker' }) : undefined;
  // The producer side too: this worker's outbox passes queue the session jobs that commits asked for.
  const queue = createBullQueue({ redisUrl: config.redisUrl!, prefix: config.queuePrefix });
  const runtime = await createRuntime(config, { telemetry: metrics?.telemetry, enqueue: queue.enqueue });
  logDataDirModes(logger, config.dataDir, runtime.tightened);
  // The keys are read or made with the runtime; the seal certificate here, so no completion waits for its making.
  await runtime.ctx.secrets.sealCertificate();
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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'finishing active jobs, then stopping');
    await metricsServer?.close();
    await worker.close();
    await queue.close();
    await runtime.close();
    process.exit(0);
  };
  // A stray rejection is a bug to log, not a reason to drop every request and job in flight.
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
