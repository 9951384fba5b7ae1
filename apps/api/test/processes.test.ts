import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@countersign/config';
import { createRuntime, getOutboxRow, queueEmail, type Runtime } from '@countersign/core';
import { startTestSmtpServer } from '@countersign/mail/testing';
import { createBullQueue, type JobQueue } from '@countersign/queue';
import { outboxDispatchJob } from '@countersign/schemas';
import {
  API_ENTRY as API,
  CLEAN_ENV,
  type Deployment,
  exitOf,
  type ServiceProcess,
  spawnEntry,
  startDeployment,
  tempDir,
  terminate,
  until,
  WORKER_ENTRY as WORKER,
} from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';

// The real entry points as child processes: what `pnpm start`, `pnpm start:api` and `pnpm start:worker` run.

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

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

describe('configuration errors stop the process', () => {
  it('exits 1 with a message naming the variable', async () => {
    const dataDir = tempDir('countersign-proc-');
    const cases: [string, Record<string, string>, string[], RegExp][] = [
      [API, { DATA_DIR: dataDir, PORT: 'abc' }, [], /PORT: /],
      [API, { DATA_DIR: dataDir }, ['--no-worker'], /REDIS_URL: /],
      [WORKER, { DATA_DIR: dataDir }, [], /REDIS_URL: /],
    ];
    const procs = cases.map(([entry, env, args]) => spawnEntry(entry, { ...CLEAN_ENV, ...env }, args));
    // Generous: three processes load their code at once on a machine other tests load too.
    const codes = await Promise.all(procs.map((p) => exitOf(p, 150_000)));
    for (const [i, [entry, env, args, message]] of cases.entries()) {
      const label = `${entry} ${args.join(' ')} ${JSON.stringify(env)}`;
      expect(codes[i], label).toBe(1);
      expect(procs[i]!.output(), label).toMatch(message);
      expect(procs[i]!.output(), label).not.toMatch(/^\s+at /m); // a message, not a stack trace
    }
    // Nothing was started, so nothing was written.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 180_000);
});

describe('embedded topology (pnpm start)', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await startDeployment({ embedded: true, env: { SMTP_URL: smtp.url } });
  }, 200_000);
  afterAll(() => deployment?.stop());

  it('answers /healthz and /readyz (database only, no Redis)', async () => {
    const health = await checkedFetch(`${deployment.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await readyz(deployment.url)).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok' } },
    });
  });

  it('creates its secrets in DATA_DIR with mode 0600 on first start', () => {
    expectSecretFile(deployment.dataDir);
    expect(fs.existsSync(path.join(deployment.dataDir, 'countersign.db'))).toBe(true);
  });

  it('delivers outbox mail with its in-process worker', async () => {
    const runtime = await createRuntime(loadConfig({ DATA_DIR: deployment.dataDir, LOG_LEVEL: 'silent' }));
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
    const [api] = deployment.apis as [ServiceProcess];
    expect(await terminate(api)).toBe(0);
    expect(api.output()).toMatch(/shutting down/);
  });
});

describe('scaled topology (start:api --no-worker + two start:worker on one Redis)', () => {
  let deployment: Deployment;

  beforeAll(async () => {
    // All three start on a fresh DATA_DIR at once: they race for the migrations and the secrets.
    deployment = await startDeployment({ workers: 2, env: { SMTP_URL: smtp.url } });
  }, 200_000);
  afterAll(() => deployment?.stop());

  it('reports Redis in /readyz', async () => {
    await until('/readyz 200', async () => (await readyz(deployment.url)).status === 200, 10_000);
    expect((await readyz(deployment.url)).body).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok' },
    });
    expectSecretFile(deployment.dataDir);
  });

  it('delivers mail queued by the API side exactly once through the workers', async () => {
    const runtime: Runtime = await createRuntime(loadConfig({ ...deployment.env, LOG_LEVEL: 'silent' }));
    const queue: JobQueue = createBullQueue({
      redisUrl: deployment.redis!.url,
      prefix: deployment.env.QUEUE_PREFIX!,
    });
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
      await until('producer connected', () => queue.ready(), 5_000);
      await queue.enqueue(outboxDispatchJob, {});

      const mine = () => smtp.messages.filter((m) => m.subject?.startsWith(`${tag} #`));
      const delivered = async () =>
        (await Promise.all(ids.map((id) => getOutboxRow(runtime.ctx, id)))).every((r) => r?.deliveredAt);
      await until('all mail delivered', delivered, 10_000);
      // Each delivery is a claim that counts an attempt, and a delivered row is never claimed again: one
      // attempt per row means no worker sent it twice, with no wait for a duplicate that should not come.
      expect(mine()).toHaveLength(ids.length);
      expect(new Set(mine().map((m) => m.messageId))).toEqual(new Set(ids.map((id) => `<${id}@localhost>`)));
      for (const id of ids) expect(await getOutboxRow(runtime.ctx, id)).toMatchObject({ attempts: 1 });
    } finally {
      await queue.close();
      await runtime.close();
    }
  });

  it('answers 503 quickly while Redis is down and 200 again once it is back', async () => {
    await deployment.redis!.stop();
    await until('/readyz 503', async () => (await readyz(deployment.url)).status === 503, 5_000);
    const started = Date.now();
    const down = await readyz(deployment.url);
    expect(Date.now() - started).toBeLessThan(500);
    expect(down).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', redis: 'failing' } },
    });

    await deployment.redis!.start();
    await until(
      '/readyz 200 after restart',
      async () => (await readyz(deployment.url)).status === 200,
      15_000,
    );
  });

  it('stops a worker, then the API and the other worker, each with exit 0 on SIGTERM', async () => {
    const [first, second] = deployment.workers as [ServiceProcess, ServiceProcess];
    expect(await terminate(first)).toBe(0);
    expect(first.output()).toMatch(/finishing active jobs/);
    // The rest of the deployment is unaffected.
    expect((await readyz(deployment.url)).status).toBe(200);

    const [api] = deployment.apis as [ServiceProcess];
    expect(await Promise.all([terminate(api), terminate(second)])).toEqual([0, 0]);
  });
});
