import fs from 'node:fs';
import { createPageRenderer, rendererReservationMb } from '@countersign/pdf-engine';
import { makeTextDocument } from '@countersign/pdf-engine/testing';
import type { PageRenderResult } from './page-render.ts';

/**
 * The page renderer's own process (spawned by page-render.ts), so its resident memory is the renderer's alone:
 * first the floor (pdf.js opening the document and reading every page's text, on this thread), then one render of
 * every page at the widths asked for, after a one-page warm-up, with the peak RSS reset just before it.
 */
const { pages, widths, floorRuns } = JSON.parse(process.argv[2] ?? '{}') as {
  pages: number;
  widths: number[];
  floorRuns: number;
};
const MB = 1024 * 1024;
const status = (field: 'VmRSS' | 'VmHWM') =>
  Number(
    fs
      .readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`))
      ?.split(/\s+/)[1],
  ) / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const bytes = await makeTextDocument(pages);
const g = globalThis as unknown as Record<string, unknown>;
// @ts-expect-error the worker module ships without type declarations
g.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const floors: number[] = [];
for (let run = 0; run <= floorRuns; run++) {
  const t = performance.now();
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  for (let n = 1; n <= doc.numPages; n++) await (await doc.getPage(n)).getTextContent();
  await doc.destroy();
  if (run > 0) floors.push(performance.now() - t); // run 0 is the warm-up
}

const renderer = createPageRenderer({ size: 1 });
await renderer.render(bytes, { widths, pages: [1] }); // the worker started, pdf.js loaded in it
global.gc?.();
const idle = status('VmRSS');
fs.writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current RSS
let sampled = idle;
const sampler = setInterval(() => {
  sampled = Math.max(sampled, status('VmRSS'));
}, 25);
const t = performance.now();
const rendered = await renderer.render(bytes, { widths });
const renderMs = performance.now() - t;
clearInterval(sampler);
const peak = Math.max(status('VmHWM'), sampled);
await renderer.close();

const imageBytes = rendered.flatMap((p) => p.images.map((i) => i.bytes.byteLength));
const result: PageRenderResult = {
  pages: rendered.length,
  renderMsPerPage: renderMs / rendered.length,
  floorMsPerPage: median(floors) / pages,
  idleMb: idle,
  peakGrowthMb: peak - idle,
  reservationMb: rendererReservationMb(bytes.byteLength),
  medianImageKb: widths.map((_, w) => median(rendered.map((p) => p.images[w]!.bytes.byteLength)) / 1024),
  totalImageMb: imageBytes.reduce((a, b) => a + b, 0) / MB,
};
console.log(JSON.stringify(result));
