import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, repoRoot, tempDir, waitForUrl } from '@countersign/test-support';
import { textPdf } from '../pdfs.ts';
import type { BenchRow } from '../report.ts';
import { type CannonResult, cannon } from './cannon.ts';

/**
 * Issue 29: a bearer request with scope checks costs at most 1.05x what it cost before them. "Before" is not
 * a model of it: the scenario checks out the tree as it was (`BENCH_SCOPES_BASE`, default the main before
 * issue 29) into a temporary worktree, installs it from the local store, and serves both trees the same way
 * (the embedded topology, a process each, one at a time), loading each with repeated cancels of one cancelled
 * session under a bearer token, in turns: base, head, base, head. The ratio is head over base, each the better
 * of its two windows (the machine's speed drifts within minutes; the best window is the least disturbed).
 */
const BASE = process.env.BENCH_SCOPES_BASE ?? '8622ccc';
const CONNECTIONS = 100;
const WINDOW_S = process.env.BENCH_QUICK === '1' ? 5 : 15;

interface Tree {
  name: string;
  dir: string;
}

interface Served {
  url: string;
  token: string;
  sessionId: string;
  stop(): Promise<void>;
}

/**
 * The environment without what `pnpm bench` adds (npm_config_*, NODE_PATH...): inherited by the base tree's
 * install it skips native builds, and by its server it resolves packages from this tree.
 */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(npm_|PNPM_|pnpm_)/i.test(k) && k !== 'NODE_PATH'),
  );

const node = (dir: string, args: string[], env: Record<string, string>) =>
  spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: dir,
    env: { ...cleanEnv(), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

function cli(dir: string, args: string[], env: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = node(dir, ['apps/api/src/cli/main.ts', ...args], env);
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`cli ${args[0]}: ${code}`)),
    );
  });
}

/** Serves `tree` on a fresh data dir and readies an account whose token repeats the cancel of one session. */
async function serve(tree: Tree, pdf: Uint8Array): Promise<Served> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    DATA_DIR: tempDir(`bench-scopes-${tree.name}-`),
    SMTP_URL: '',
    REDIS_URL: '',
  };
  const server: ChildProcess = node(tree.dir, ['apps/api/src/main.ts'], env);
  let output = '';
  server.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/readyz`, 180_000).catch((err: Error) => {
    server.kill('SIGKILL');
    const log = path.join(path.dirname(env.DATA_DIR), `bench-scopes-${tree.name}.log`);
    fs.writeFileSync(log, output);
    throw new Error(`${tree.name}: ${err.message}; its output: ${log}`);
  });
  const { refreshToken } = (await cli(
    tree.dir,
    ['accounts', 'create', '--name', 'Bench', '--email', 'b@bench.test'],
    env,
  )) as {
    refreshToken: string;
  };
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${tree.name} ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const token = (await post('/connect/token', { refresh_token: refreshToken })).access_token as string;
  const form = new FormData();
  form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
  const uploaded = await fetch(`${url}/api/drive/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { files } = (await uploaded.json()) as { files: { cloudFileId: string }[] };
  const sent = await post(
    '/api/sessions/send',
    {
      cloudFileIds: [files[0]!.cloudFileId],
      notify: false,
      signingRequests: [{ recipients: [{ name: 'Ada Lovelace', email: 'ada@example.test' }] }],
    },
    token,
  );
  const sessionId = (sent.rows as { sessionId: string }[])[0]!.sessionId;
  await post('/api/sessions/cancel', { sessionId, reason: 'bench' }, token);
  return {
    url,
    token,
    sessionId,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}

const load = (served: Served): Promise<CannonResult> =>
  cannon({
    url: served.url,
    connections: CONNECTIONS,
    durationSeconds: WINDOW_S,
    requests: [
      {
        method: 'POST',
        path: '/api/sessions/cancel',
        headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: served.sessionId, reason: 'bench' }),
      },
    ],
  });

/** The base tree in a temporary worktree with its own node_modules (pnpm links them from the local store). */
function checkOut(): Tree {
  const dir = path.join(tempDir('bench-scopes-base-'), 'tree');
  execFileSync('git', ['-C', repoRoot, 'worktree', 'add', '--detach', dir, BASE], { stdio: 'ignore' });
  // With its scripts: better-sqlite3's native build is one of them.
  execFileSync('pnpm', ['install', '--frozen-lockfile', '--offline'], {
    cwd: dir,
    stdio: 'ignore',
    env: cleanEnv(),
  });
  return { name: 'base', dir };
}

export async function run(): Promise<BenchRow[]> {
  const base = checkOut();
  const head: Tree = { name: 'head', dir: repoRoot };
  const pdf = await textPdf(1, `scopes-${Date.now()}`);
  try {
    const best: Record<string, CannonResult> = {};
    for (const tree of [base, head, base, head]) {
      const served = await serve(tree, pdf);
      try {
        await load({ ...served }); // warm-up: the JIT and the caches, as the first window would be
        const result = await load(served);
        if (result.non2xx + result.errors + result.timeouts > 0)
          throw new Error(`${tree.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const kept = best[tree.name];
        if (!kept || result.requestsPerSecond > kept.requestsPerSecond) best[tree.name] = result;
      } finally {
        await served.stop();
      }
    }
    const [b, h] = [best.base!, best.head!];
    const cost = b.requestsPerSecond / h.requestsPerSecond;
    return [
      {
        scenario: `bearer cancel with scope checks, cost against ${BASE} (${CONNECTIONS} connections, ${WINDOW_S} s)`,
        figure: `${Math.round(h.requestsPerSecond)} req/s (p99 ${h.p99} ms)`,
        floor: `${Math.round(b.requestsPerSecond)} req/s before scopes (p99 ${b.p99} ms)`,
        ratio: cost,
        target: '<= 1.05',
        pass: cost <= 1.05,
      },
    ];
  } finally {
    execFileSync('git', ['-C', repoRoot, 'worktree', 'remove', '--force', base.dir], { stdio: 'ignore' });
    fs.rmSync(path.dirname(base.dir), { recursive: true, force: true });
  }
}
