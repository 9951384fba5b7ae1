import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@countersign/config';
import { createRuntime, getOutboxRow, queueEmail, type Runtime } from '@countersign/core';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { createBullQueue, type JobQueue } from '@countersign/queue';
import { outboxDispatchJob } from '@countersign/schemas';
import {
  exitOf,
  freePort,
  type ServiceProcess,
  spawnEntry,
  startRedis,
  type TestRedis,
  tempDir,
  waitForUrl,
} from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';

// The real entry points as child processes: what `pnpm start`, `pnpm start:api` and `pnpm start:worker` run.
const API = 'apps/api/src/main.ts';
const WORKER = 'apps/worker/src/main.ts';

/** Settings every child gets, so nothing leaks in from the environment running the tests. */
const BASE_ENV = { HOST: '127.0.0.1', REDIS_URL: '', SMTP_URL: '', JWT_SECRET: '', LOG_LEVEL: 'info' };

const children: ServiceProcess[] = [];
function spawn(entry: string, env: Record<string, string>, args: string[] = []): ServiceProcess {
  const p = spawnEntry(entry, { ...BASE_ENV, ...env }, args);
  children.push(p);
  return p;
}
afterAll(async () => {
  // Whatever a failed test left running.
  for (const p of children) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
    // The node process under tsx first (a SIGKILLed tsx cannot pass the signal on), then tsx itself.
    const pid = /"pid":(\d+)/.exec(p.output())?.[1];
    if (pid) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {}
    }
    p.signal('SIGKILL');
  }
  await Promise.all(children.map((p) => p.exited));
});

/**
 * Sends SIGTERM to the service's own node process (its pid is in every log line). spawnEntry runs it under
 * the tsx CLI, whose signal relay SIGKILLs the child when it does not acknowledge within 30 ms, which a busy
 * machine easily exceeds; the service's own shutdown is what these tests are about.
 */
function terminate(p: ServiceProcess): void {
  const pid = /"pid":(\d+)/.exec(p.output())?.[1];
  if (!pid) throw new Error(`no pid in the output yet:\n${p.output()}`);
  process.kill(Number(pid), 'SIGTERM');
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function readyz(
  url: string,
): Promise<{ status: number; body: { status: string; checks: Record<string, string> } }> {
  const res = await checkedFetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
  return {
    status: res.status,
    body: (await res.json()) as { status: string; checks: Record<string, string> },
  };
}

function expectSecretFile(dataDir: string) {
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  const stat = fs.statSync(file);
  expect(stat.mode & 0o777).toBe(0o600);
  expect(fs.readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
}

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

describe('configuration errors stop the process', () => {
  it('exits 1 with a message naming the variable', async () => {
    const dataDir = tempDir('countersign-proc-');
    const cases: [string, Record<string, string>, string[], RegExp][] = [
      [API, { DATA_DIR: dataDir, PORT: 'abc' }, [], /PORT: /],
      [API, { DATA_DIR: dataDir }, ['--no-worker'], /REDIS_URL: /],
      [WORKER, { DATA_DIR: dataDir }, [], /REDIS_URL: /],
    ];
    const procs = cases.map(([entry, env, args]) => spawn(entry, env, args));
    const codes = await Promise.all(procs.map((p) => exitOf(p)));
    for (const [i, [entry, env, args, message]] of cases.entries()) {
      const label = `${entry} ${args.join(' ')} ${JSON.stringify(env)}`;
      expect(codes[i], label).toBe(1);
      expect(procs[i]!.output(), label).toMatch(message);
      expect(procs[i]!.output(), label).not.toMatch(/^\s+at /m); // a message, not a stack trace
    }
    // Nothing was started, so nothing was written.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 90_000);
});

describe('embedded topology (pnpm start)', () => {
  let api: ServiceProcess;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    dataDir = tempDir('countersign-proc-');
    url = `http://127.0.0.1:${port}`;
    api = spawn(API, { DATA_DIR: dataDir, PORT: String(port), SMTP_URL: smtp.url });
    await waitForUrl(`${url}/healthz`, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${api.output()}`);
    });
  }, 120_000);

  it('answers /healthz and /readyz (database only, no Redis)', async () => {
    const health = await checkedFetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await readyz(url)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
  });

  it('creates its secrets in DATA_DIR with mode 0600 on first start', () => {
    expectSecretFile(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'countersign.db'))).toBe(true);
  });

  it('delivers outbox mail with its in-process worker', async () => {
    const runtime = await createRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      const subject = `embedded ${Date.now()}`;
      const id = await queueEmail(runtime.ctx, null, {
        to: ['e@example.test'],
        subject,
        text: 't',
        html: '<p>t</p>',
      });
      // Nobody kicks it: the embedded worker's poll finds it.
      const got = await smtp.waitFor((m) => m.subject === subject, 10_000);
      expect(got.messageId).toBe(`<${id}@localhost>`);
    } finally {
      await runtime.close();
    }
  });

  it('exits 0 on SIGTERM', async () => {
    terminate(api);
    expect(await exitOf(api)).toBe(0);
    expect(api.output()).toMatch(/shutting down/);
  });
});

describe('scaled topology (start:api --no-worker + two start:worker on one Redis)', () => {
  let redis: TestRedis;
  let api: ServiceProcess;
  let workers: ServiceProcess[];
  let url: string;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    redis = await startRedis();
    const port = await freePort();
    dataDir = tempDir('countersign-proc-');
    url = `http://127.0.0.1:${port}`;
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `proc${port}`,
      SMTP_URL: smtp.url,
    };
    // All three start on a fresh DATA_DIR at once: they race for the migrations and the secrets.
    api = spawn(API, env, ['--no-worker']);
    workers = [spawn(WORKER, env), spawn(WORKER, env)];
    await waitForUrl(`${url}/healthz`, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${api.output()}`);
    });
    await until(
      async () => workers.every((w) => w.output().includes('countersign worker started')),
      60_000,
      'workers started',
    );
  }, 120_000);
  afterAll(() => redis.stop());

  it('reports Redis in /readyz', async () => {
    await until(async () => (await readyz(url)).status === 200, 10_000, '/readyz 200');
    expect((await readyz(url)).body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expectSecretFile(dataDir);
  });

  it('delivers mail queued by the API side exactly once through the workers', async () => {
    const runtime: Runtime = await createRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    const queue: JobQueue = createBullQueue({ redisUrl: redis.url, prefix: env.QUEUE_PREFIX });
    try {
      const tag = `scaled ${Date.now()}`;
      const ids = await runtime.db.transaction(async () => {
        const queued: string[] = [];
        for (let i = 0; i < 10; i++)
          queued.push(
            await queueEmail(runtime.ctx, null, {
              to: ['s@example.test'],
              subject: `${tag} #${i}`,
              text: 't',
              html: 't',
            }),
          );
        return queued;
      });
      await until(() => queue.ready(), 5_000, 'producer connected');
      await queue.enqueue(outboxDispatchJob, {});

      const mine = () => smtp.messages.filter((m) => m.subject?.startsWith(`${tag} #`));
      await until(async () => mine().length >= ids.length, 10_000, 'all mail delivered');
      // Give both workers' polls a chance to (wrongly) deliver again.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(mine()).toHaveLength(ids.length);
      expect(new Set(mine().map((m) => m.messageId))).toEqual(new Set(ids.map((id) => `<${id}@localhost>`)));
      for (const id of ids) expect(await getOutboxRow(runtime.ctx, id)).toMatchObject({ attempts: 1 });
    } finally {
      await queue.close();
      await runtime.close();
    }
  });

  it('answers 503 quickly while Redis is down and 200 again once it is back', async () => {
    await redis.stop();
    await until(async () => (await readyz(url)).status === 503, 5_000, '/readyz 503');
    const started = Date.now();
    const down = await readyz(url);
    expect(Date.now() - started).toBeLessThan(500);
    expect(down).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', redis: 'failing' } },
    });

    await redis.start();
    await until(async () => (await readyz(url)).status === 200, 15_000, '/readyz 200 after restart');
  });

  it('stops a worker, then the API and the other worker, each with exit 0 on SIGTERM', async () => {
    const [first, second] = workers as [ServiceProcess, ServiceProcess];
    terminate(first);
    expect(await exitOf(first)).toBe(0);
    expect(first.output()).toMatch(/finishing active jobs/);
    // The rest of the deployment is unaffected.
    expect((await readyz(url)).status).toBe(200);

    terminate(api);
    terminate(second);
    expect(await Promise.all([exitOf(api), exitOf(second)])).toEqual([0, 0]);
  });
});
