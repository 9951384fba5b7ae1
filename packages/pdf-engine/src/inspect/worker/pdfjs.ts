/** pdf.js (legacy build) inside an inspection worker; `preload.mjs` has already loaded and patched it. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PdfJs, PdfJsDataPaths } from '../../pdfjs/document.ts';

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve('pdfjs-dist/package.json'));

export function loadPdfJs(): Promise<PdfJs> {
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

/**
 * Data pdf.js reads from disk. Only the CMaps: they map character codes to glyphs, so text
 * widths depend on them. Standard font programs, image decoders (wasm) and ICC profiles only
 * matter for drawing pixels, which inspection never does; without them pdf.js skips that work.
 */
export const pdfjsDataPaths: PdfJsDataPaths = {
  cMapUrl: join(distDir, 'cmaps') + '/',
  cMapPacked: true,
};
