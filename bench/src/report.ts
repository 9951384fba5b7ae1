import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One row of the report: a measured figure, the floor it is compared with (measured in the same run), their
 * ratio and the target the ratio (or the figure) must meet.
 */
export interface BenchRow {
  scenario: string;
  figure: string;
  floor: string;
  ratio: number | null;
  target: string;
  pass: boolean;
}

export const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

/** A row that passes when `figure` takes at most `max` times `floor` (both in ms; `floorWhat` says what ran). */
export const ratioRow = (
  scenario: string,
  figure: number,
  floor: number,
  floorWhat: string,
  max: number,
) => ({
  scenario,
  figure: ms(figure),
  floor: `${ms(floor)} (${floorWhat})`,
  ratio: figure / floor,
  target: `<= ${max}`,
  pass: figure / floor <= max,
});

export function table(rows: BenchRow[]): string {
  const lines = [
    '| scenario | figure | floor | ratio | target | pass |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.figure} | ${r.floor} | ${r.ratio === null ? '-' : r.ratio.toFixed(2)} | ${r.target} | ${r.pass ? 'yes' : '**no**'} |`,
    ),
  ];
  return lines.join('\n');
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export function writeReport(rows: BenchRow[], file: string): void {
  const methodology = fs.readFileSync(path.join(import.meta.dirname, '../methodology.md'), 'utf8');
  const text = `# Benchmarks\n\nMeasured by \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine()}.\n\n${table(rows)}\n\n${methodology}`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/**
 * Medians of n timed rounds in which every fn runs once (after one warm-up round), in ms. Interleaved, so
 * figures compared with each other see the same machine: on a shared host, speed drifts over seconds.
 */
export async function interleavedMedians(n: number, fns: (() => Promise<unknown>)[]): Promise<number[]> {
  for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < n; i++) {
    for (const [k, fn] of fns.entries()) {
      const t = performance.now();
      await fn();
      times[k]!.push(performance.now() - t);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

/** The median of `n` timed runs of fn, after `warmups` untimed ones. */
export async function median(n: number, fn: () => Promise<unknown>, warmups = 1): Promise<number> {
  for (let i = 0; i < warmups; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
