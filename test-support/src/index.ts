export { CHROMIUM_PATH, launchChromium } from './chromium.ts';
export {
  API_ENTRY,
  CLEAN_ENV,
  type Deployment,
  type DeploymentOptions,
  prepareDeployment,
  startDeployment,
  terminate,
  WORKER_ENTRY,
} from './deployment.ts';
export { connectFrom, type NetnsHost, netnsUnavailable, sweepStaleNetns } from './netns.ts';
export { oneSignatureManifest, textPdf } from './pdfs.ts';
export { freePort } from './ports.ts';
export {
  createTestDatabase,
  dropStaleTestDatabases,
  POSTGRES_ADMIN_URL,
  type TestDatabase,
  testDialect,
} from './postgres.ts';
export { runCli, type ServiceProcess, spawnEntry, waitForUrl } from './processes.ts';
export { type PromFamily, type PromSample, parsePrometheusText } from './prometheus.ts';
export { startRedis, type TestRedis } from './redis.ts';
export { startS3, type TestS3 } from './s3.ts';
export { exitOf, pidOf, started, until } from './services.ts';
export { repoRoot, tempDir } from './tmp.ts';
