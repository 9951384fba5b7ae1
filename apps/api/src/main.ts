import { loadConfigOrExit } from '@countersign/config';
import { logDataDirModes, openApiRuntime } from '@countersign/core';
import { withoutQueryParams } from '@countersign/db';
import { createMetrics } from '@countersign/metrics';
import { startWorker } from '@countersign/worker/loop';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { createApp } from './app.ts';

/**
 * `pnpm start`: the API and a worker in one process (embedded: SQLite + in-process queue; with REDIS_URL
 * the worker consumes BullMQ). `pnpm start:api` (--no-worker): the API alone, for the scaled topology.
 */
async function main(): Promise<void> {
  const withWorker = !process.argv.includes('--no-worker');
  const config = loadConfigOrExit(
    withWorker
      ? {}
      : { redisUrl: 'REDIS_URL: required to run the API without its in-process worker (start:api)' },
  );
  const logger = pino({
    level: config.logLevel,
    base: { service: 'api', pid: process.pid },
    // A failed query's parameters (personal data, token hashes) stay out of the log.
    serializers: { err: (err) => pino.stdSerializers.err(withoutQueryParams(err) as Error) },
  });
  const metrics = config.metrics.token ? createMetrics({ service: 'api' }) : undefined;
  const { runtime, queue } = await openApiRuntime(config, {
    telemetry: metrics?.telemetry,
    hostsWorker: withWorker,
    onError: (err) => logger.error({ err }, 'background job failed'),
  });
  logDataDirModes(logger, config.dataDir, runtime.tightened);
  // The keys are read or made with the runtime; the seal certificate here, so no completion waits for its making.
  await runtime.ctx.secrets.sealCertificate();
  const worker = withWorker ? startWorker(runtime, config, logger, { consumeQueue: true }) : undefined;
  metrics?.observe({ runtime, queue });
  const app = createApp({ config, runtime, queue, logger, metrics });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      {
        port: info.port,
        host: config.host,
        publicUrl: config.publicUrl,
        dataDir: config.dataDir,
        queue: queue.driver,
        worker: withWorker,
      },
      'countersign api listening',
    );
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests and jobs finish, then close what they used.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await worker?.close();
    await queue.close();
    await runtime.close();
    process.exit(0);
  };
  // A stray rejection is a bug to log, not a reason to drop every request and job in flight.
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
