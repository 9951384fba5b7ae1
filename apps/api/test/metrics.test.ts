import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ConfigError, loadConfig } from '@countersign/config';
import { databaseFile } from '@countersign/core';
import {
  freePort,
  type PromFamily,
  parsePrometheusText,
  repoRoot,
  spawnEntry,
  startRedis,
  tempDir,
  testDialect,
  until,
} from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from './harness.ts';
import { type SigningWorld, signBody, startSigningWorld } from './signing-setup.ts';
import { bearer, type Receiver, startReceiver } from './webhooks-support.ts';

// /metrics scraped over real HTTP after real work (a send, a signature, a completion, a webhook, emails, a
// wait for a write lock held by another process), and parsed by a Prometheus text-format parser.

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

let world: SigningWorld;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  world = await startSigningWorld({ env: { METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: '1' } });
}, 60_000);
afterAll(async () => {
  await world?.close();
  await receiver?.close();
});

async function scrape(url: string): Promise<Map<string, PromFamily>> {
  const res = await fetch(`${url}/metrics`, { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return parsePrometheusText(text);
}

/** The value of the family's sample named `suffix` (`''`, `_count`, `_sum`) with these labels (NaN: none). */
const sampleValue = (family: PromFamily | undefined, labels: Record<string, string>, suffix = '') =>
  family?.samples.find(
    (s) => s.name === family.name + suffix && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value ?? Number.NaN;
const value = (family: PromFamily | undefined, labels: Record<string, string>) => sampleValue(family, labels);
const count = (family: PromFamily | undefined, labels: Record<string, string>) =>
  sampleValue(family, labels, '_count');

/** Holds SQLite's write lock from another process for `ms`; resolves once the lock is held. */
function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const sqlitePath = createRequire(path.join(repoRoot, 'packages/db/package.json')).resolve('better-sqlite3');
  const script = `
    const db = new (require(${JSON.stringify(sqlitePath)}))(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const released = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.stdout.on('data', (d) => {
      if (String(d).includes('locked')) resolve({ released });
    });
  });
}

describe('the scrape parser', () => {
  it('reads values as Prometheus does: NaN and Inf in any case (prom-client writes an empty mean as "Nan")', () => {
    const text = [
      '# TYPE lag gauge',
      'lag{a="1"} Nan',
      'lag{a="2"} +Inf',
      'lag{a="3"} -inf',
      'lag{a="4"} 0.25',
    ].join('\n');
    const values = parsePrometheusText(text)
      .get('lag')!
      .samples.map((s) => s.value);
    expect(values).toEqual([NaN, Infinity, -Infinity, 0.25]);
    expect(() => parsePrometheusText('# TYPE lag gauge\nlag nope')).toThrow(/bad value/);
  });
});

describe('/metrics', () => {
  it('is off without METRICS_TOKEN (404) and refuses a missing or wrong token (401)', async () => {
    const off = await startTestApi();
    try {
      const res = await off.fetch('/metrics');
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toBe('not_found');
    } finally {
      await off.close();
    }
    for (const headers of [
      {},
      bearer('metrics-token-0123456789abcdefghijklmnoX'),
      { authorization: TOKEN },
    ]) {
      const res = await world.api.fetch('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('reports requests, jobs, deliveries, emails, completions and outbox lag', async () => {
    const { api } = world;
    const hook = await api.post(
      '/api/webhooks',
      { url: receiver.url, events: ['session.completed'] },
      await world.accessToken(),
    );
    expect(hook.status).toBe(201);
    const sent = await world.send({ recipients: [{ name: 'Ada Signer' }] });
    const signer = world.signer(sent.tokens[0]!);
    await signer.verifyByEmail(sent.emails[0]!);
    expect((await signer.sign(signBody(await signer.view()))).status).toBe(200);
    await receiver.waitFor((r) => r.event.type === 'session.completed', 20_000);

    // The receiver has the event before the worker records its answer (a transaction after the POST returned).
    let metrics = await scrape(api.url);
    await until('the webhook delivery is counted', async () => {
      metrics = await scrape(api.url);
      return value(metrics.get('countersign_webhook_deliveries_total'), { outcome: 'delivered' }) === 1;
    });
    const http = metrics.get('countersign_http_request_duration_seconds');
    expect(http?.type).toBe('histogram');
    expect(count(http, { method: 'POST', route: '/api/sessions/send', status: '200' })).toBe(1);
    expect(count(http, { method: 'POST', route: '/api/signing/:token/sign', status: '200' })).toBe(1);
    // Routes are labelled by pattern: no signing link token ever appears.
    for (const t of sent.tokens) expect(JSON.stringify([...metrics.values()])).not.toContain(t);

    const wait = metrics.get('countersign_job_wait_seconds');
    const run = metrics.get('countersign_job_duration_seconds');
    expect(count(wait, { kind: 'sessions.send' })).toBe(1);
    expect(count(run, { kind: 'sessions.send', outcome: 'completed' })).toBe(1);
    expect(count(run, { kind: 'sessions.complete', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(value(metrics.get('countersign_queue_depth'), { kind: 'sessions.send' })).toBe(0);
    expect(value(metrics.get('countersign_jobs_active'), { kind: 'sessions.send' })).toBe(0);

    expect(value(metrics.get('countersign_completions_total'), { outcome: 'completed' })).toBe(1);
    expect(value(metrics.get('countersign_completions_total'), { outcome: 'failed' })).toBe(0);
    expect(value(metrics.get('countersign_webhook_deliveries_total'), { outcome: 'delivered' })).toBe(1);
    // The one-time code email at least; the completion email too once its delivery ran.
    expect(value(metrics.get('countersign_emails_total'), { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(value(metrics.get('countersign_emails_total'), { outcome: 'failed' })).toBe(0);
    for (const kind of ['email', 'webhook']) {
      expect(value(metrics.get('countersign_outbox_lag_seconds'), { kind })).toBeGreaterThanOrEqual(0);
    }
    expect(metrics.get('countersign_process_cpu_seconds_total')).toBeDefined();
  }, 60_000);

  // SQLite's one write lock: PostgreSQL writers do not wait for each other's lock in this way.
  it.skipIf(testDialect() === 'postgres')(
    'reports waits for the write lock',
    async () => {
      const { api } = world;
      // Another process holds the write lock while the API writes (a token exchange records lastUsedAt).
      const lock = await holdWriteLock(databaseFile(api.config), 150);
      const token = await world.accessToken();
      await lock.released;
      expect(token).toMatch(/\./);

      const busy = (await scrape(api.url)).get('countersign_db_busy_wait_seconds');
      expect(sampleValue(busy, { outcome: 'acquired' }, '_count')).toBeGreaterThanOrEqual(1);
      // Waited for the other commit. How long depends on when the API reached its write inside the 150 ms hold,
      // which a loaded machine delays: only that the wait was timed is certain.
      expect(sampleValue(busy, { outcome: 'acquired' }, '_sum')).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe('metrics configuration', () => {
  it('is checked at start: a short token, or a worker port without a token, stops the process', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: at least 32/);
    expect(() => loadConfig({ WORKER_METRICS_PORT: '9464' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKER_METRICS_PORT: '9464' })).toThrow(
      /WORKER_METRICS_PORT: needs METRICS_TOKEN/,
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN, WORKER_METRICS_PORT: '9464' }).metrics).toEqual({
      token: TOKEN,
      workerPort: 9464,
    });
  });

  it('a worker process serves its own /metrics on WORKER_METRICS_PORT, behind the same token', async () => {
    const redis = await startRedis();
    const port = await freePort();
    const worker = spawnEntry('apps/worker/src/main.ts', {
      DATA_DIR: tempDir('countersign-worker-metrics-'),
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `wm${port}`,
      HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
      WORKER_METRICS_PORT: String(port),
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForPort(url);
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const metrics = await scrape(url);
      const active = metrics.get('countersign_jobs_active');
      expect(active?.samples.find((s) => s.labels.kind === 'sessions.send')?.labels.service).toBe('worker');
      // One lag per kind this worker delivers: it has a queue, so session jobs too.
      const lagKinds = metrics.get('countersign_outbox_lag_seconds')?.samples.map((s) => s.labels.kind);
      expect(lagKinds?.sort()).toEqual(['email', 'job', 'webhook']);
    } finally {
      worker.signal('SIGTERM');
      await worker.exited;
      await redis.stop();
    }
  }, 150_000);
});

/** Waits until something answers on the URL (any status: the metrics server answers 401 without a token). */
async function waitForPort(url: string): Promise<void> {
  const deadline = Date.now() + 90_000; // a loaded machine starts a tsx process slowly
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
