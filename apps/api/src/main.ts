import { loadConfigOrExit } from '@countersign/config';
import { firstRunToken, needsFirstRun, openApiRuntime } from '@countersign/core';
import { createMetrics } from '@countersign/metrics';
import { startWorker } from '@countersign/worker/loop';
import { prepareRuntime, serviceLogger, stopOnSignal } from '@countersign/worker/process';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { assertPageAssetsBuilt } from './pages/assets.ts';

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
  const logger = serviceLogger('api', config);
  // Before anything opens: a missing build is said in one line, like a bad setting.
  try {
    assertPageAssetsBuilt();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const metrics = config.metrics.token ? createMetrics({ service: 'api' }) : undefined;
  const { runtime, queue } = await openApiRuntime(config, {
    telemetry: metrics?.telemetry,
    hostsWorker: withWorker,
    onError: (err) => logger.error({ err }, 'background job failed'),
  });
  await prepareRuntime(runtime, config, logger);
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
  // First run without a shell: while no account exists, whoever can read this log can create the first one.
  if (await needsFirstRun(runtime.ctx)) {
    const setupUrl = `${config.publicUrl}/app/setup#token=${firstRunToken(runtime.ctx)}`;
    logger.warn(
      { setupUrl },
      `first run: no account yet. Open ${setupUrl} to create the first account and its owner (the link works until an account exists; \`pnpm cli accounts create\` does the same)`,
    );
  }

  stopOnSignal(logger, 'shutting down', async () => {
    // Stop accepting connections, let in-flight requests and jobs finish, then close what they used.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await worker?.close();
    await queue.close();
    await runtime.close();
  });
}

await main();
