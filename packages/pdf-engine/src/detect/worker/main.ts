/**
 * Detection worker (started by entry.mjs): serves `detect` tasks of the engine's thread pool one document at a
 * time; the parsers' console output is dropped.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PageFrame } from '../../geometry/convert.ts';
import { serve } from '../../threads/serve.ts';

for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[method] = () => {};

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve('pdfjs-dist/package.json'));
/** Directories pdf.js reads its data files from (trailing slash required). */
const dataPaths = {
  cMapUrl: `${join(distDir, 'cmaps')}/`,
  standardFontDataUrl: `${join(distDir, 'standard_fonts')}/`,
  wasmUrl: `${join(distDir, 'wasm')}/`,
  iccUrl: `${join(distDir, 'iccs')}/`,
};

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { analyzeForFields } = await import('./analyze.ts');

serve({
  detect: (bytes: Uint8Array, frames: PageFrame[]) => analyzeForFields(pdfjs, dataPaths, bytes, frames),
});
