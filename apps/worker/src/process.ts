import type { Config } from '@countersign/config';
import { logDataDirModes, type Runtime } from '@countersign/core';
import { withoutQueryParams } from '@countersign/db';
import pino, { type Logger } from 'pino';

// What the two entry points (`pnpm start` / `start:api` in apps/api, `start:worker` here) do alike around
// their own work: the log, the start-up checks on DATA_DIR and the seal, and stopping on a signal.

/** The process's JSON log, each line naming the service and the pid. */
export function serviceLogger(service: 'api' | 'worker', config: Config): Logger {
  return pino({
    level: config.logLevel,
    base: { service, pid: process.pid },
    // A failed query's parameters (personal data, token hashes) stay out of the log.
    serializers: { err: (err) => pino.stdSerializers.err(withoutQueryParams(err) as Error) },
  });
}

/** Once the runtime is open: report the DATA_DIR modes it tightened, and make the seal certificate. */
export async function prepareRuntime(runtime: Runtime, config: Config, logger: Logger): Promise<void> {
  logDataDirModes(logger, config.dataDir, runtime.tightened);
  // The keys are read or made with the runtime; the seal certificate here, so no completion waits for its making.
  await runtime.ctx.secrets.sealCertificate();
}

/**
 * On SIGTERM or SIGINT (the first one only): log `message`, run `stop` (which lets work in flight finish and
 * closes what it used, in order), exit 0.
 */
export function stopOnSignal(logger: Logger, message: string, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    await stop();
    process.exit(0);
  };
  // A stray rejection is a bug to log, not a reason to drop every request and job in flight.
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
