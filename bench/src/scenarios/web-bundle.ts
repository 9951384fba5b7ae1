import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ensureWebBuilt, WEB_DIST_DIR } from '@countersign/web/build';
import type { BenchRow } from '../report.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** The budget of issue 12: first-load JavaScript and CSS, compressed, pdf.js excluded. */
const BUDGET_BYTES = 250 * 1024;

/** Every file a chunk needs before it runs: itself, its CSS and its static imports, recursively. */
function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  into = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
  return into;
}

/**
 * First load of the app's heaviest page: the entry chunk (shell, router, query client) plus the largest route
 * with everything it imports, as the server sends them (brotli; gzip shown too). pdf.js is not in the bundle:
 * the designer imports it from the API's versioned copy when it opens a template.
 */
export async function run(): Promise<BenchRow[]> {
  ensureWebBuilt();
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const size = (files: Set<string>) => {
    let br = 0;
    let gz = 0;
    for (const file of files) {
      const raw = readFileSync(path.join(WEB_DIST_DIR, file));
      br += brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      gz += gzipSync(raw, { level: 9 }).length;
    }
    return { br, gz };
  };
  const entry = closure(manifest, entryKey);
  let heaviest = { route: 'none', br: 0, gz: 0 };
  for (const route of manifest[entryKey]!.dynamicImports ?? []) {
    const files = closure(manifest, route, new Set(entry));
    const s = size(files);
    if (s.br > heaviest.br) heaviest = { route: path.basename(route, '.tsx'), ...s };
  }
  const shell = size(entry);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    {
      scenario: `web app first load (shell + ${heaviest.route} route, JS+CSS, brotli; pdf.js excluded)`,
      figure: `${kb(heaviest.br)} (gzip ${kb(heaviest.gz)}; shell alone ${kb(shell.br)})`,
      floor: '-',
      ratio: heaviest.gz / BUDGET_BYTES,
      target: `≤ ${kb(BUDGET_BYTES)} compressed (ratio: gzip / budget ≤ 1)`,
      pass: heaviest.gz <= BUDGET_BYTES,
    },
  ];
}
