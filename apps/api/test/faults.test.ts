import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { loadConfig } from '@countersign/config';
import { createAccount, createRuntime, createTemplate, localDrive, type Runtime } from '@countersign/core';
import type { SessionsSendResponse, TemplateSendResponse } from '@countersign/schemas';
import {
  CLEAN_ENV,
  exitOf,
  freePort,
  pidOf,
  type ServiceProcess,
  spawnEntry,
  started,
  startRedis,
  type TestRedis,
  tempDir,
  until,
  waitForUrl,
} from '@countersign/test-support';
import { afterAll, afterEach, expect, it } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';
import { finishedByKey, kill9 } from './fault-support.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { templatePdf } from './fixtures/templates.ts';

// Faults with real processes (issue 7): `start:api --no-worker` and `start:worker` as child processes on one
// DATA_DIR (one SQLite file) and one real Redis. Each test builds its own deployment and tears it down.
//
// To stop a send mid-way deterministically, the invites go to a gated SMTP server (below): it accepts the
// first few messages, then holds its answer to every further DATA until the test opens the gate. A
// send commits its sessions 50 at a time, the last chunk with its outcome, then delivers the invites; so
// with the gate closed the job is provably past the commits and provably unfinished, whatever the load.

const API = 'apps/api/src/main.ts';
const WORKER = 'apps/worker/src/main.ts';

/** Settings every child gets, so nothing leaks in from the environment running the tests. */
const BASE_ENV = { ...CLEAN_ENV, LOG_LEVEL: 'info' };

const processes: ServiceProcess[] = [];
const cleanups: (() => Promise<unknown> | unknown)[] = [];

afterEach(async () => {
  // Whatever a test left running: the service's own node process first (a SIGKILLed tsx cannot pass it on).
  for (const p of processes.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      const pid = pidOf(p);
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      p.signal('SIGKILL');
    }
    await p.exited;
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Jobs in the deployment's BullMQ wait and active lists (its key prefix, the default queue name). */
function queued(d: Deployment, redis: TestRedis): { waiting: number; active: number } {
  const llen = (list: string) =>
    Number(
      execFileSync('redis-cli', [
        '-p',
        String(redis.port),
        'LLEN',
        `${d.env.QUEUE_PREFIX}:countersign:${list}`,
      ])
        .toString()
        .trim(),
    );
  return { waiting: llen('wait'), active: llen('active') };
}

const isRunning = (p: ServiceProcess) => p.child.exitCode === null && p.child.signalCode === null;

/** An SMTP server that accepts `openFor` messages, then holds every further DATA answer until release(). */
interface GatedSmtp {
  url: string;
  /** Messages answered 250. */
  accepted(): number;
  /** Messages whose answer is held. */
  held(): number;
  close(openFor: number): void;
  release(): void;
  stop(): Promise<void>;
}

async function startGatedSmtp(): Promise<GatedSmtp> {
  let accepted = 0;
  let budget = Number.POSITIVE_INFINITY;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply('220 gate ESMTP');
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          const ack = () => {
            if (socket.destroyed) return;
            accepted++;
            reply('250 2.0.0 queued');
          };
          if (budget > 0) {
            budget--;
            ack();
          } else held.push(ack);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 gate');
        else if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    held: () => held.length,
    close(openFor) {
      budget = openFor;
    },
    release() {
      budget = Number.POSITIVE_INFINITY;
      for (const ack of held.splice(0)) ack();
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface SendOptions {
  notify?: boolean;
  key?: string;
  via?: number;
  tag?: string;
}

interface Deployment {
  env: Record<string, string>;
  runtime: Runtime;
  accountId: string;
  templateId: string;
  apiUrls: string[];
  apis: ServiceProcess[];
  workers: ServiceProcess[];
  token: string;
  startWorker(): ServiceProcess;
  /** POST /api/templates/send with `count` entries, through API `via`. */
  send(count: number, options?: SendOptions): Promise<Response>;
  /** POST /api/sessions/send of one 1-page PDF from the account's drive with `count` entries. */
  sendOwnPdf(count: number, options?: SendOptions): Promise<Response>;
  /** Session counts straight from the SQLite file. */
  sessions(): {
    total: number;
    duplicates: number;
    jobs: { sendJobId: string; rows: number; maxRow: number }[];
  };
}

/** A scaled deployment on a fresh DATA_DIR: `apis` API processes (--no-worker) and `workers` workers. */
async function deploy(options: {
  redis: TestRedis;
  apis: number;
  workers: number;
  env?: Record<string, string>;
}): Promise<Deployment> {
  const dataDir = tempDir('countersign-faults-');
  const env: Record<string, string> = {
    ...BASE_ENV,
    DATA_DIR: dataDir,
    REDIS_URL: options.redis.url,
    QUEUE_PREFIX: `faults${randomUUID().slice(0, 8)}`,
    ...options.env,
  };
  // The test's own connection: it migrates the fresh file first, then only sets up and inspects.
  const runtime = await createRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  cleanups.push(() => runtime.close());
  const { accountId, refreshToken } = await createAccount(runtime.ctx, {
    name: 'Faults Ltd',
    email: 'ops@faults.test',
  });
  const template = await createTemplate(runtime.ctx, accountId, {
    name: 'Fault template',
    documents: [{ filename: 'document.pdf', bytes: await templatePdf(1, 'faults') }],
    roles: ['Signer'],
    fields: [
      {
        label: 'Sign',
        type: 'signature',
        document: 'document.pdf',
        page: 1,
        x: 72,
        y: 600,
        width: 150,
        height: 36,
        role: 'Signer',
      },
    ],
  });
  const drive = await localDrive(runtime.ctx, accountId);
  const { cloudFileId } = await drive.put('contract.pdf', await makePdf(1, 'faults'));

  const ports = await Promise.all(Array.from({ length: options.apis }, () => freePort()));
  const apiUrls = ports.map((p) => `http://127.0.0.1:${p}`);
  const spawn = (entry: string, extra: Record<string, string>, args: string[] = []) => {
    const p = spawnEntry(entry, { ...env, ...extra }, args);
    processes.push(p);
    return p;
  };
  const startWorker = () => spawn(WORKER, {});
  // One public address for all of them, as behind a load balancer: tokens name it.
  env.PUBLIC_URL = apiUrls[0]!;
  const apis = ports.map((port) => spawn(API, { PORT: String(port) }, ['--no-worker']));
  const workers = Array.from({ length: options.workers }, () => startWorker());
  await Promise.all([
    ...apis.map((a) => started(a, 'countersign api listening')),
    ...workers.map((w) => started(w, 'countersign worker started')),
  ]);
  await Promise.all(apiUrls.map((u) => waitForUrl(`${u}/readyz`, 30_000)));
  const tokenRes = await checkedFetch(`${apiUrls[0]}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;

  const db = runtime.db.$client;
  const post = (path: string, body: unknown, { key, via = 0 }: SendOptions) =>
    checkedFetch(`${apiUrls[via]}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
  const signers = (count: number, tag: string, label?: string) =>
    Array.from({ length: count }, (_, i) => ({
      recipients: [
        { ...(label ? { label } : {}), name: `Signer ${i}`, email: `signer-${tag}-${i}@faults.test` },
      ],
    }));
  return {
    env,
    runtime,
    accountId,
    templateId: template.templateId,
    apiUrls,
    apis,
    workers,
    token,
    startWorker,
    send(count, options = {}) {
      const { notify = false, tag = 'x' } = options;
      const signingRequests = signers(count, tag, 'Signer');
      return post(
        '/api/templates/send',
        { templateId: template.templateId, notify, signingRequests },
        options,
      );
    },
    sendOwnPdf(count, options = {}) {
      const { notify = false, tag = 'x' } = options;
      const signingRequests = signers(count, tag);
      return post('/api/sessions/send', { cloudFileIds: [cloudFileId], notify, signingRequests }, options);
    },
    sessions() {
      const jobs = db
        .prepare(
          `SELECT send_job_id AS sendJobId, count(*) AS rows, max(row_index) AS maxRow
             FROM sessions WHERE account_id = ? GROUP BY send_job_id`,
        )
        .all(accountId) as { sendJobId: string; rows: number; maxRow: number }[];
      const { n: duplicates } = db
        .prepare(
          `SELECT count(*) AS n FROM (SELECT 1 FROM sessions WHERE account_id = ?
             GROUP BY send_job_id, row_index HAVING count(*) > 1)`,
        )
        .get(accountId) as { n: number };
      return { total: jobs.reduce((sum, j) => sum + j.rows, 0), duplicates, jobs };
    },
  };
}

/** Every entry of a send answered `created`, rows 0..count-1, each its own session. */
function expectAllCreated(body: TemplateSendResponse, count: number): void {
  const rows = body.instantiation.sessions;
  expect(rows).toHaveLength(count);
  expect(rows.map((r) => r.rowIndex)).toEqual(Array.from({ length: count }, (_, i) => i));
  expect(rows.every((r) => r.status === 'created')).toBe(true);
  expect(new Set(rows.map((r) => r.sessionId)).size).toBe(count);
}

/** One API and one worker on a fresh Redis; a send's caller gives up waiting after `sendTimeoutMs`. */
async function deployOneOfEach(sendTimeoutMs: number, env: Record<string, string> = {}) {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const d = await deploy({
    redis,
    apis: 1,
    workers: 1,
    env: { SEND_TIMEOUT_MS: String(sendTimeoutMs), ...env },
  });
  const [api] = d.apis as [ServiceProcess];
  const [worker] = d.workers as [ServiceProcess];
  return { redis, d, api, worker };
}

/** `deployOneOfEach`, its invites going to a gated SMTP server the test closes and opens. */
async function deployWithGatedSmtp(sendTimeoutMs: number) {
  const smtp = await startGatedSmtp();
  cleanups.push(() => smtp.stop());
  return { smtp, ...(await deployOneOfEach(sendTimeoutMs, { SMTP_URL: smtp.url })) };
}

/**
 * Starts a send with the gate open for `openFor` invites and waits until the worker is held on the next: past
 * the send's commits and provably unfinished. Returns the send's (still pending) response.
 */
async function sendUntilHeld(
  smtp: GatedSmtp,
  openFor: number,
  send: () => Promise<Response>,
): Promise<{ response: Promise<Response> }> {
  smtp.close(openFor);
  const response = send();
  await until(
    'the worker to be stuck delivering invites',
    () => smtp.accepted() >= openFor && smtp.held() > 0,
    60_000,
  );
  return { response };
}

/** One send job made exactly `sessionIds`, one session per entry: none lost, none doubled. */
function expectOneSessionPerEntry(d: Deployment, sessionIds: (string | undefined)[]): void {
  const count = sessionIds.length;
  const sessions = d.sessions();
  expect(sessions.duplicates).toBe(0);
  expect(sessions.jobs).toHaveLength(1);
  expect(sessions.jobs[0]).toMatchObject({ rows: count, maxRow: count - 1 });
  const ids = d.runtime.db.$client
    .prepare('SELECT id FROM sessions WHERE account_id = ?')
    .all(d.accountId) as { id: string }[];
  expect(new Set(ids.map((r) => r.id))).toEqual(new Set(sessionIds));
}

it('kill -9 of a worker mid-way through a 200-entry send: the job finishes once, the caller gets it by its key', async () => {
  // A short SEND_TIMEOUT_MS: the caller's first request gives up while the job is orphaned, as an
  // integrator's would; the retry with its Idempotency-Key must attach to the same job.
  const { smtp, d, worker } = await deployWithGatedSmtp(4_000);
  const key = `kill-9-${randomUUID()}`;
  const { response: first } = await sendUntilHeld(smtp, 10, () =>
    d.send(200, { notify: true, key, tag: 'kill' }),
  );
  const killedAt = await kill9(worker);
  smtp.release();
  // The sessions were committed before the invites went out: the orphaned job is past its commits.
  expect(d.sessions().total).toBe(200);

  d.startWorker();
  const retry = () => d.send(200, { notify: true, key, tag: 'kill' });
  const body = JSON.parse(await finishedByKey(first, retry, killedAt)) as TemplateSendResponse;
  expectAllCreated(body, 200);
  expectOneSessionPerEntry(
    d,
    body.instantiation.sessions.map((r) => r.sessionId),
  );
}, 150_000);

it('kill -9 of a worker between two commits of a 2,000-entry own-PDF send: the retried job resumes, one session per entry', async () => {
  const { d, worker } = await deployOneOfEach(4_000);
  const entries = 2_000;
  const key = `kill-9-own-pdf-${randomUUID()}`;
  const committed = () =>
    d.runtime.db.$client.prepare('SELECT id FROM sessions WHERE account_id = ?').all(d.accountId) as {
      id: string;
    }[];

  const first = d.sendOwnPdf(entries, { key, tag: 'own' });
  // Polled finely: 2,000 entries are 40 commits of about 5 ms each, and the test must stop the send between two.
  await until('the first entries to be committed', () => committed().length > 0, 60_000, 1);
  // Holding the write lock freezes the send between two commits; the worker dies waiting for it.
  const before = await d.runtime.db.transaction(async () => {
    const rows = committed();
    await kill9(worker);
    return rows;
  });
  const killedAt = Date.now();
  // Committed in chunks: some entries have their sessions, the rest none yet.
  expect(before.length).toBeGreaterThan(0);
  expect(before.length).toBeLessThan(entries);
  expect(before.length % 50).toBe(0);

  d.startWorker();
  const retry = () => d.sendOwnPdf(entries, { key, tag: 'own' });
  const body = JSON.parse(await finishedByKey(first, retry, killedAt)) as SessionsSendResponse;
  expect(body.rows.map((r) => [r.row, r.status])).toEqual(
    Array.from({ length: entries }, (_, i) => [i, 'sent']),
  );
  const sessionIds = body.rows.map((r) => r.sessionId);
  expectOneSessionPerEntry(d, sessionIds);
  // The retried job kept the sessions committed before the kill and answered them.
  expect(sessionIds).toEqual(expect.arrayContaining(before.map((r) => r.id)));
}, 150_000);

it('Redis stopped for 30 s: the API answers 503 within 1 s throughout, then API and worker resume by themselves', async () => {
  const { redis, d, api, worker } = await deployOneOfEach(5_000);
  const url = d.apiUrls[0]!;
  const timed = async (request: () => Promise<Response>) => {
    const t = Date.now();
    const res = await request();
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - t };
  };
  const readyz = () => timed(() => checkedFetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }));
  const send = () => timed(() => d.send(3, { tag: 'outage' }));

  const before = await d.send(2, { tag: 'before' });
  expect(before.status).toBe(200);
  await before.arrayBuffer();

  // Under traffic: sends keep coming while Redis goes away.
  let traffic = true;
  const duringStop: { startedAt: number; status: number; ms: number }[] = [];
  const load = (async () => {
    while (traffic) {
      const startedAt = Date.now();
      duringStop.push({ startedAt, ...(await send()) });
    }
  })();
  await until('sends served before the outage', () => duringStop.length >= 3, 20_000);
  expect(duringStop.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
  await redis.stop();
  const stoppedAt = Date.now();
  await until('/readyz 503', async () => (await readyz()).status === 503, 5_000);
  const noticedAt = Date.now();
  const afterNoticed = () => duringStop.filter((r) => r.startedAt >= noticedAt);
  await until('sends during the outage', () => afterNoticed().length >= 5, 10_000);
  traffic = false;
  await load;
  // A send already waiting for its job when Redis went away may time out; once the API has noticed, every
  // answer is a fast 503.
  const fast = afterNoticed();
  expect(
    fast.every((r) => r.status === 503 && r.ms < 1_000),
    JSON.stringify(fast),
  ).toBe(true);

  // Idle for most of the outage, then serving again until the 30 s are up.
  await sleep(stoppedAt + 18_000 - Date.now());
  expect(isRunning(api) && isRunning(worker)).toBe(true);
  const answers: { send: { status: number; ms: number }; readyz: { status: number; ms: number } }[] = [];
  while (Date.now() - stoppedAt < 30_000) {
    answers.push({ send: await send(), readyz: await readyz() });
    await sleep(200);
  }
  expect(answers.length).toBeGreaterThan(5);
  for (const a of answers) {
    expect(a.send.status, JSON.stringify(a)).toBe(503);
    expect(a.send.ms, JSON.stringify(a)).toBeLessThan(1_000);
    expect(a.readyz.status, JSON.stringify(a)).toBe(503);
    expect(a.readyz.ms, JSON.stringify(a)).toBeLessThan(1_000);
  }

  const beforeRestart = d.sessions().total;
  await redis.start();
  await until('/readyz 200 after Redis is back', async () => (await readyz()).status === 200, 20_000);
  // The same processes, no restarts: the API enqueues and the worker consumes again.
  for (let i = 0; i < 3; i++) {
    const res = await d.send(4, { tag: `after${i}` });
    expect(res.status, await res.clone().text()).toBe(200);
    expectAllCreated((await res.json()) as TemplateSendResponse, 4);
  }
  expect(isRunning(api) && isRunning(worker)).toBe(true);
  const sessions = d.sessions();
  expect(sessions.duplicates).toBe(0);
  // The outage traffic sends one request at a time, so at most one 3-entry job was under way when Redis stopped;
  // it finishes once the worker reconnects (its caller got a 503 and may retry with its key), whole and once.
  const late = sessions.total - beforeRestart - 3 * 4;
  expect([0, 3]).toContain(late);
  for (const job of sessions.jobs) expect(job.rows, JSON.stringify(job)).toBe(job.maxRow + 1);
}, 150_000);

it('SIGTERM during a send: the worker finishes the active job, takes no new one, and exits 0', async () => {
  const { redis, smtp, d, worker } = await deployWithGatedSmtp(90_000);
  const { response: active } = await sendUntilHeld(smtp, 5, () =>
    d.send(20, { notify: true, tag: 'active' }),
  );
  process.kill(pidOf(worker)!, 'SIGTERM');
  await until(
    'the worker to start stopping',
    () => worker.output().includes('finishing active jobs'),
    10_000,
  );

  // Enqueued after the SIGTERM: nobody may take it.
  let laterRes: Response | undefined;
  const later = d.send(5, { tag: 'later' }).then((r) => {
    laterRes = r;
    return r;
  });
  // Once the later job is in Redis, waiting: the stopping worker holds only the active one and leaves it there.
  await until('the later job to be queued', () => queued(d, redis).waiting === 1, 20_000);
  expect(queued(d, redis)).toEqual({ waiting: 1, active: 1 });
  expect(isRunning(worker)).toBe(true); // still holding the active job
  expect(laterRes).toBeUndefined();

  smtp.release();
  const activeRes = await active;
  expect(activeRes.status).toBe(200);
  const body = (await activeRes.json()) as TemplateSendResponse;
  expectAllCreated(body, 20);
  expect(body.invites.every((i) => i.inviteStatus === 'sent')).toBe(true);
  expect(await exitOf(worker)).toBe(0);

  // With the only worker gone, the later send just waits: its job is still queued, untouched.
  expect(queued(d, redis)).toEqual({ waiting: 1, active: 0 });
  expect(laterRes).toBeUndefined();
  expect(d.sessions().total).toBe(20);

  d.startWorker();
  const laterDone = await later;
  expect(laterDone.status).toBe(200);
  expectAllCreated((await laterDone.json()) as TemplateSendResponse, 5);
  const sessions = d.sessions();
  expect(sessions.duplicates).toBe(0);
  expect(sessions.jobs.map((j) => j.rows).sort((a, b) => a - b)).toEqual([5, 20]);
}, 150_000);

it('two APIs and two workers on one SQLite file: concurrent sends get no 5xx, no row lost or doubled', async () => {
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  // The fully scaled topology: every writer is its own process with its own connection to the file.
  const d = await deploy({ redis, apis: 2, workers: 2, env: { WORKER_CONCURRENCY: '4' } });

  const sends = 8;
  const entries = 50;
  const responses = await Promise.all(
    Array.from({ length: sends }, (_, i) =>
      d.send(entries, { via: i % 2, tag: `c${i}`, key: `concurrent-${i}` }),
    ),
  );
  const bodies = await Promise.all(responses.map((r) => r.text()));
  for (const [i, r] of responses.entries()) expect(r.status, bodies[i]).toBe(200);
  for (const b of bodies) expectAllCreated(JSON.parse(b) as TemplateSendResponse, entries);

  const sessions = d.sessions();
  expect(sessions.total).toBe(sends * entries);
  expect(sessions.duplicates).toBe(0);
  expect(sessions.jobs).toHaveLength(sends);
  for (const j of sessions.jobs) expect(j).toMatchObject({ rows: entries, maxRow: entries - 1 });
  for (const p of [...d.apis, ...d.workers]) expect(p.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
}, 150_000);
