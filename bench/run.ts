import path from 'node:path';
import { ensureWebBuilt } from '@countersign/web/build';
import { type BenchRow, table, writeReport } from './src/report.ts';

/**
 * `pnpm bench`: every scenario in one run, each figure against a floor measured in the same run. Prints the
 * table and writes it to bench/out/latest.md (and docs/benchmarks.md with --write-docs). Not a test: it never
 * fails the build; the `pass` column says whether a target was met.
 */
const scenarios: Record<string, () => Promise<BenchRow[]>> = {
  'own-pdf': async () => (await import('./src/scenarios/own-pdf-send.ts')).run(),
  template: async () => (await import('./src/scenarios/template-send.ts')).run(),
  'template-postgres': async () => (await import('./src/scenarios/template-send-postgres.ts')).run(),
  completion: async () => (await import('./src/scenarios/completion.ts')).run(),
  'postgres-vs-sqlite': async () => (await import('./src/scenarios/postgres-vs-sqlite.ts')).run(),
  'completion-timestamp': async () => (await import('./src/scenarios/completion-timestamp.ts')).run(),
  cancel: async () => (await import('./src/scenarios/cancel-load.ts')).run(),
  'cancel-postgres': async () => (await import('./src/scenarios/cancel-postgres.ts')).run(),
  'cancel-embedded': async () => (await import('./src/scenarios/cancel-embedded.ts')).run(),
  'queue-overhead': async () => (await import('./src/scenarios/queue-overhead.ts')).run(),
  'worker-scaling': async () => (await import('./src/scenarios/worker-scaling.ts')).run(),
  'pdf-memory': async () => (await import('./src/scenarios/pdf-memory.ts')).run(),
  'page-images': async () => (await import('./src/scenarios/page-images.ts')).run(),
  'page-render': async () => (await import('./src/scenarios/page-render.ts')).run(),
  'signing-page': async () => (await import('./src/scenarios/signing-page.ts')).run(),
  'web-bundle': async () => (await import('./src/scenarios/web-bundle.ts')).run(),
  'web-designer': async () => (await import('./src/scenarios/web-designer.ts')).run(),
  'web-bulk': async () => (await import('./src/scenarios/web-bulk-send.ts')).run(),
  'sessions-list': async () => (await import('./src/scenarios/sessions-list.ts')).run(),
  scopes: async () => (await import('./src/scenarios/scope-checks.ts')).run(),
};

// Every scenario that starts the API needs the signing page's script built (it refuses to start without it).
ensureWebBuilt((line) => process.stderr.write(`${line}\n`));
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const rows: BenchRow[] = [];
for (const [name, run] of Object.entries(scenarios)) {
  if (only.length && !only.includes(name)) continue;
  process.stderr.write(`running ${name}...\n`);
  try {
    rows.push(...(await run()));
  } catch (err) {
    rows.push({
      scenario: `${name}: failed`,
      figure: String((err as Error).message).slice(0, 80),
      floor: '-',
      ratio: null,
      target: '-',
      pass: false,
    });
  }
}
console.log(table(rows));
const root = path.resolve(import.meta.dirname, '..');
writeReport(rows, path.join(root, 'bench/out/latest.md'));
if (process.argv.includes('--write-docs')) writeReport(rows, path.join(root, 'docs/benchmarks.md'));
process.exit(0);
