import { createNetnsHost, type NetnsHost } from './netns.ts';
import { freePort } from './ports.ts';
import { type ServiceProcess, spawnEntry, waitForUrl } from './processes.ts';
import { startRedis, type TestRedis } from './redis.ts';
import { exitOf, pidOf, started } from './services.ts';
import { tempDir } from './tmp.ts';

/** What `pnpm start` / `pnpm start:api` and `pnpm start:worker` run. */
export const API_ENTRY = 'apps/api/src/main.ts';
export const WORKER_ENTRY = 'apps/worker/src/main.ts';

/** Start lines the services log once they serve (with their pid, as every info line). */
const API_STARTED = 'countersign api listening';
const WORKER_STARTED = 'countersign worker started';

/**
 * Settings every child gets first, so nothing leaks in from the environment running the tests. (spawnEntry
 * logs at info: those lines carry the service's own pid, which signals go to, as tsx runs it as its child.)
 * Pages drawn ahead of time are off, as in the in-process harness: a test counting queued jobs or timing a
 * shutdown meets no drawing job it did not ask for.
 */
export const CLEAN_ENV = { HOST: '127.0.0.1', REDIS_URL: '', SMTP_URL: '', JWT_SECRET: '', PAGE_IMAGES: '0' };

export interface DeploymentOptions {
  /** API processes, each on its own port (default 1); scaled ones run `--no-worker`. */
  apis?: number;
  /** Worker processes started by `start()` (default 1; none when embedded). */
  workers?: number;
  /** `pnpm start`: the API runs its own worker, no Redis. */
  embedded?: boolean;
  /** A Redis the test owns (to stop and start it); otherwise the deployment starts one and stops it. */
  redis?: TestRedis;
  /** More settings for every process (SMTP_URL, timeouts...). */
  env?: Record<string, string>;
  /**
   * Each process gets a DATA_DIR of its own, as on separate hosts: they share only what `env` points them at
   * (DATABASE_URL, Redis, SMTP).
   */
  hosts?: boolean;
  /**
   * Each process in a network namespace of its own (netns.ts) and a DATA_DIR of its own (as `hosts`), reaching
   * only the test's end of its link, where forwarders lead to the loopback DATABASE_URL, REDIS_URL and SMTP_URL;
   * the URLs are the APIs' namespace addresses. Needs root (`netnsUnavailable()`). The namespaces are made
   * here, one per API and worker: `startWorker()` takes no more than `workers`.
   */
  netns?: boolean;
}

/** Real service processes on one fresh DATA_DIR (one SQLite file) and, when scaled, one real Redis. */
export interface Deployment {
  /** The settings every process gets; a test opens its own runtime on the same file with them. */
  env: Record<string, string>;
  dataDir: string;
  /** With `hosts`, the DATA_DIR of each process spawned so far, in start order. */
  hostDirs: string[];
  /** With `netns`, the namespace of each API, then each worker. */
  netns: NetnsHost[];
  /** Absent when embedded. */
  redis: TestRedis | undefined;
  /** One base URL per API (loopback, or its namespace's address), in order; PUBLIC_URL names the first. */
  urls: string[];
  url: string;
  apis: ServiceProcess[];
  workers: ServiceProcess[];
  /** Spawns the APIs and workers the options ask for (does not wait for them). */
  start(): void;
  startWorker(): ServiceProcess;
  /**
   * Waits until every process started so far has logged its start line and each API's /readyz answers 200.
   * Generous by default: several processes start at once, on a machine other tests load too.
   */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM to every running service's own node process: their exit codes, in start order. */
  terminateAll(): Promise<(number | null)[]>;
  /** SIGKILLs whatever is still running (a stopped one too), then stops the Redis it started. */
  stop(): Promise<void>;
}

/** A deployment's settings, data directory and Redis, nothing spawned yet: `start()` it when the test is ready. */
export async function prepareDeployment(options: DeploymentOptions = {}): Promise<Deployment> {
  const embedded = options.embedded === true;
  const ownRedis = !embedded && !options.redis;
  const redis = embedded ? undefined : (options.redis ?? (await startRedis()));
  const ports = await Promise.all(Array.from({ length: options.apis ?? 1 }, () => freePort()));
  const workers = embedded ? 0 : (options.workers ?? 1);
  const nets: NetnsHost[] = [];
  const abandon = async (error: unknown): Promise<never> => {
    await Promise.all(nets.map((n) => n.remove()));
    if (ownRedis) await redis?.stop();
    throw error;
  };
  try {
    while (options.netns && nets.length < ports.length + workers) nets.push(createNetnsHost());
  } catch (error) {
    await abandon(error);
  }
  const urls = ports.map((port, i) => `http://${nets[i]?.address ?? '127.0.0.1'}:${port}`);
  const dataDir = tempDir('countersign-deployment-');
  const env: Record<string, string> = {
    ...CLEAN_ENV,
    // In a namespace, every address is the host's own.
    ...(options.netns ? { HOST: '0.0.0.0' } : {}),
    DATA_DIR: dataDir,
    PORT: String(ports[0]),
    // A lone API's default, and one public address for several, as behind a load balancer: tokens name it.
    PUBLIC_URL: options.netns ? urls[0]! : `http://localhost:${ports[0]}`,
    ...(redis
      ? { REDIS_URL: redis.url, QUEUE_PREFIX: `d${ports[0]}x${Math.random().toString(36).slice(2, 8)}` }
      : {}),
    ...options.env,
  };
  const netEnvs = await Promise.all(nets.map((n) => n.forward(env))).catch(abandon);
  const all: ServiceProcess[] = [];
  const hostDirs: string[] = [];
  const spawn = (entry: string, extra: Record<string, string> = {}, args: string[] = []) => {
    const net = nets[all.length];
    if (options.netns && !net) throw new Error('netns: no namespace left for another process');
    const own = options.hosts || options.netns ? tempDir('countersign-host-') : undefined;
    if (own) hostDirs.push(own);
    const p = spawnEntry(
      entry,
      { ...env, ...netEnvs[all.length], ...extra, ...(own ? { DATA_DIR: own } : {}) },
      args,
      net ? ['ip', 'netns', 'exec', net.name] : [],
    );
    all.push(p);
    return p;
  };
  const running = () => all.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  const d: Deployment = {
    env,
    dataDir,
    hostDirs,
    netns: nets,
    redis,
    urls,
    url: urls[0]!,
    apis: [],
    workers: [],
    start() {
      const args = embedded ? [] : ['--no-worker'];
      d.apis.push(...ports.map((port) => spawn(API_ENTRY, { PORT: String(port) }, args)));
      for (let i = 0; i < workers; i++) d.startWorker();
    },
    startWorker() {
      const worker = spawn(WORKER_ENTRY);
      d.workers.push(worker);
      return worker;
    },
    async ready(timeoutMs = 150_000) {
      await Promise.all([
        ...d.apis.map((a) => started(a, API_STARTED, timeoutMs)),
        ...d.workers.filter((w) => running().includes(w)).map((w) => started(w, WORKER_STARTED, timeoutMs)),
        ...urls.map((u) => waitForUrl(`${u}/readyz`, timeoutMs)),
      ]);
    },
    terminateAll: () => Promise.all(running().map((p) => terminate(p))),
    async stop() {
      for (const p of running()) {
        const pid = pidOf(p);
        try {
          // SIGCONT first: a test may have frozen it (SIGSTOP).
          if (pid) for (const sig of ['SIGCONT', 'SIGKILL'] as const) process.kill(pid, sig);
        } catch {}
        p.signal('SIGKILL');
      }
      await Promise.all(all.map((p) => p.exited));
      await Promise.all(nets.map((n) => n.remove()));
      if (ownRedis) await redis?.stop();
    },
  };
  return d;
}

/** A deployment whose processes all serve: `apis` APIs and `workers` workers (one each by default). */
export async function startDeployment(
  options: DeploymentOptions & { timeoutMs?: number } = {},
): Promise<Deployment> {
  const d = await prepareDeployment(options);
  d.start();
  await d.ready(options.timeoutMs).catch(async (error) => {
    await d.stop();
    throw error;
  });
  return d;
}

/**
 * SIGTERM to the service's own node process (its pid is in its log lines), then its exit code. Not to tsx:
 * its relay SIGKILLs a child that does not acknowledge within 30 ms, which a busy machine easily exceeds.
 */
export async function terminate(p: ServiceProcess, timeoutMs = 60_000): Promise<number | null> {
  const pid = pidOf(p);
  if (!pid) throw new Error(`no pid in the output yet:\n${p.output()}`);
  process.kill(pid, 'SIGTERM');
  return exitOf(p, timeoutMs);
}
