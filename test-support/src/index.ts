export { freePort } from './ports.ts';
export { runCli, type ServiceProcess, spawnEntry, waitForUrl } from './processes.ts';
export { startRedis, type TestRedis } from './redis.ts';
export { repoRoot, tempDir } from './tmp.ts';
