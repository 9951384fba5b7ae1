import { spawn } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TestApi } from '@countersign/api/testing';
import { type BenchRow, ms } from '../report.ts';
import { type CannonOptions, type CannonResult, cannon } from './cannon.ts';
import { type BenchAccount, benchAccount, benchTemplate, templateSend } from './fixtures.ts';

/** What the cancel scenarios share: the load, the windows and how a window's result reads. */
export const CONNECTIONS = 200;
/** The 30 s; BENCH_QUICK=1 shortens each load window to 10 s for a quick look. */
export const DURATION_S = process.env.BENCH_QUICK === '1' ? 10 : 30;
const SESSIONS = 1000;
const WARMUP_S = 5;

/** Bulk sends back to back in a child process until stop() (which resolves to how many completed). */
export function startBulkSender(api: TestApi, account: BenchAccount, templateId: string, entries: number) {
  const entry = path.join(import.meta.dirname, 'bulk-sender-child.ts');
  const args = [api.url, account.accessToken, templateId, String(entries)];
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    async stop(): Promise<number> {
      child.stdin.end();
      const code = await exited;
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) throw new Error(`bulk sender exited ${code}: ${err.slice(-300)}`);
      return (JSON.parse(line) as { sends: number }).sends;
    },
  };
}

export const describeWindow = (r: CannonResult) =>
  `p99 ${ms(r.p99)}, ${Math.round(r.requestsPerSecond)} req/s` +
  (r.non2xx + r.errors + r.timeouts
    ? ` (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`
    : '');

export const clean = (r: CannonResult) => r.non2xx + r.errors + r.timeouts === 0;

/** The idle window's row: a topology's floor for its busy window; `target`/`pass` as the scenario judges it. */
export const idleRow = (idle: CannonResult, window: string, target: string, pass: boolean): BenchRow => ({
  scenario: `cancel, idle, ${window}`,
  figure: describeWindow(idle),
  floor: '-',
  ratio: null,
  target,
  pass,
});

/** The busy window's row, judged against the idle one of the same topology. */
export const busyRow = (
  busy: { result: CannonResult; sends: number },
  idle: CannonResult,
  entries: string,
  window: string,
): BenchRow => ({
  scenario: `cancel during ${entries}-entry bulk sends (${busy.sends} ran), ${window}`,
  figure: describeWindow(busy.result),
  floor: `p99 ${ms(idle.p99)} (idle)`,
  ratio: busy.result.p99 / Math.max(idle.p99, 1),
  target: 'p99 <= 50 ms and <= 2x idle p99',
  pass: busy.result.p99 <= 50 && busy.result.p99 <= 2 * Math.max(idle.p99, 1) && clean(busy.result),
});

/**
 * A cancel window judged against its floor, the two reads a repeated cancel cannot avoid behind bare Hono
 * (`what` names the driver): the floor's own row, then the proposed target (docs/benchmarks.md), cancel req/s at
 * least half the floor's. Little's law: 200 connections always waiting see a mean latency of 200 / throughput, so
 * the floor's throughput also bounds how low any p99 can be.
 */
export const floorRows = (idle: CannonResult, floor: CannonResult, what: string): BenchRow[] => [
  {
    scenario: `floor: the 2 reads a repeated cancel makes, bare Hono + ${what}, ${CONNECTIONS} connections, ${DURATION_S} s`,
    figure: `${describeWindow(floor)}; mean at best ${ms((CONNECTIONS / floor.requestsPerSecond) * 1000)}`,
    floor: '-',
    ratio: null,
    target: 'report',
    pass: clean(floor),
  },
  {
    scenario: 'cancel requests/s, idle, against that floor (proposed target)',
    figure: `${Math.round(idle.requestsPerSecond)} req/s`,
    floor: `${Math.round(floor.requestsPerSecond)} req/s (floor)`,
    ratio: idle.requestsPerSecond / floor.requestsPerSecond,
    target: '>= 0.5',
    pass: idle.requestsPerSecond >= 0.5 * floor.requestsPerSecond && clean(idle),
  },
];

/**
 * POST /api/sessions/cancel windows against one API: each connection cycles through 1,000 real sessions,
 * fresh for each window, so each starts with real cancellations (writes) and continues with repeats. The
 * first call runs a 5 s warm-up on other sessions (the server's first seconds under load are the JIT's).
 */
export async function cancelWindows(api: TestApi, account: BenchAccount, templateId: string) {
  const fresh = () => templateSend(api, account.accessToken, templateId, SESSIONS);
  const load = (sessionIds: string[], durationSeconds = DURATION_S): CannonOptions => ({
    url: api.url,
    connections: CONNECTIONS,
    durationSeconds,
    requests: sessionIds.map((sessionId) => ({
      method: 'POST',
      path: '/api/sessions/cancel',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.accessToken}` },
      body: JSON.stringify({ sessionId, reason: 'bench' }),
    })),
  });
  await cannon(load(await fresh(), WARMUP_S));
  return {
    idle: async () => cannon(load(await fresh())),
    /**
     * A window while a thread of this process spins: one core taken from the API and the load generator,
     * as a send's job thread takes it, but with no database work. What the machine alone costs the p99.
     */
    hogged: async () => {
      const sessions = await fresh();
      const spinner = new Worker('for (;;) {}', { eval: true });
      await new Promise((resolve) => spinner.once('online', resolve));
      try {
        return await cannon(load(sessions));
      } finally {
        await spinner.terminate();
      }
    },
    /** A window while `entries`-entry template sends run back to back from a process of their own. */
    busy: async (entries: number) => {
      const sessions = await fresh();
      const bulk = startBulkSender(api, account, templateId, entries);
      const result = await cannon(load(sessions));
      return { result, sends: await bulk.stop() };
    },
  };
}

/** On a new bench account and template: an idle window, then one while `entries`-entry template sends run. */
export async function idleThenBusy(api: TestApi, entries: number) {
  const account = await benchAccount(api);
  const templateId = await benchTemplate(api, account.accountId);
  const windows = await cancelWindows(api, account, templateId);
  const idle = await windows.idle();
  return { account, idle, busy: await windows.busy(entries) };
}

/** The scaled topology's busy window: 1,000-entry bulk sends, back to back. */
const SCALED_BULK_ENTRIES = 1000;

/**
 * The scaled topology's rows (the API and one worker process, `where` names the database): cancel idle, cancel
 * during 1,000-entry bulk sends, and the idle window against the floor `floorOf` measures on the same sessions.
 * `more` adds rows judged against the idle window, before the floor's.
 */
export async function scaledCancelRows(
  api: TestApi,
  where: string,
  floorOf: (account: BenchAccount) => Promise<CannonResult>,
  floorWhat: string,
  more: (idle: CannonResult, window: string) => BenchRow[] = () => [],
): Promise<BenchRow[]> {
  const { account, idle, busy } = await idleThenBusy(api, SCALED_BULK_ENTRIES);
  const floor = await floorOf(account);
  const window = `${CONNECTIONS} connections, ${DURATION_S} s, ${where}API + 1 worker process`;
  return [
    idleRow(idle, window, 'p99 <= 50 ms, all 2xx', idle.p99 <= 50 && clean(idle)),
    busyRow(busy, idle, '1,000', window),
    ...more(idle, window),
    ...floorRows(idle, floor, floorWhat),
  ];
}
