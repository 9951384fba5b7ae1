import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchRow } from '../report.ts';
import { ms } from '../report.ts';

export interface PageRenderResult {
  pages: number;
  renderMsPerPage: number;
  floorMsPerPage: number;
  idleMb: number;
  peakGrowthMb: number;
  reservationMb: number;
  medianImageKb: number[];
  totalImageMb: number;
}

const PAGES = 100;
const WIDTHS = [800, 1600];
/**
 * What drawing may cost per page against reading its text: pdf.js's own page rendering measured 54 ms at 800 px and
 * WebP encoding 34 ms (800 px) and 125 ms (1600 px), against about 4 ms of text (issue 34's research); 150x leaves
 * room for a busy machine while catching a renderer that draws a page twice or leaks its canvases into the next.
 */
const MAX_RATIO = 150;

function child(): Promise<PageRenderResult> {
  const entry = path.join(import.meta.dirname, 'page-render-child.ts');
  const options = JSON.stringify({ pages: PAGES, widths: WIDTHS, floorRuns: 3 });
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', entry, options], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (err += d));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as PageRenderResult);
      } catch {
        reject(new Error(`the page renderer exited ${code}: ${err.slice(0, 200)}`));
      }
    });
  });
}

/**
 * Issue 34: the page renderer (pdf-engine raster/) drawing a 100-page text document at 800 and 1600 px in its own
 * process: time per page against pdf.js reading the same pages' text (the part of the work that is not drawing),
 * and the process's peak RSS growth over its idle size against the render task's budget reservation.
 */
export async function run(): Promise<BenchRow[]> {
  const r = await child();
  const sizes = r.medianImageKb.map((kb, i) => `${WIDTHS[i]} px ${kb.toFixed(0)} KB`).join(', ');
  return [
    {
      scenario: `page renderer, ${r.pages}-page text document at ${WIDTHS.join(' + ')} px, ms per page (median WebP ${sizes})`,
      figure: ms(r.renderMsPerPage),
      floor: `${ms(r.floorMsPerPage)} (pdf.js getDocument + getTextContent per page)`,
      ratio: r.renderMsPerPage / r.floorMsPerPage,
      target: `<= ${MAX_RATIO}`,
      pass: r.renderMsPerPage / r.floorMsPerPage <= MAX_RATIO,
    },
    {
      scenario: `page renderer, ${r.pages}-page document: peak RSS growth over idle (${Math.round(r.idleMb)} MB) while drawing, ${r.totalImageMb.toFixed(1)} MB of images returned`,
      figure: `${Math.round(r.peakGrowthMb)} MB`,
      floor: `${r.reservationMb} MB (the task's budget reservation: heap cap, young generation, 3 copies, canvas cap, output)`,
      ratio: r.peakGrowthMb / r.reservationMb,
      target: '<= 1 (inside its reservation)',
      pass: r.peakGrowthMb <= r.reservationMb,
    },
  ];
}
