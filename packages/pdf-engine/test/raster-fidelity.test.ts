/**
 * The page renderer against pdf.js in a browser: page 1 of every `ok` file of the shared corpus
 * (<repo>/../shared/pdf-corpus), drawn at 800 px by the renderer (WebP q80) and by pdf.js's own build in Debian's
 * Chromium at the same pixel size (disableFontFace, white background), must differ by more than 32 in any channel
 * on at most 3% of the pixels, by more than 128 on at most 0.5%, and by at most 4 on average (docs/signing-page.md).
 * Without the corpus, one test says so and checks that the directory really is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@countersign/test-support';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer, type PageRenderer } from '../src/index.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const corpusDir = resolve(repoRoot, '..', 'shared', 'pdf-corpus');
const present = existsSync(corpusDir);
const pdfjsDir = join(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'), '..');

const WIDTH = 800;
const LIMITS = { over32: 0.03, over128: 0.005, mad: 4 };
/**
 * Left out of the comparison: pdf.js asks for 34,862 x 4,332 scratch canvases on this page (minutes and up to
 * 2 GB in Node). The renderer must refuse it quickly instead; the last test checks that.
 */
const PATHOLOGICAL = 'ok/pdfjs_issue16263.pdf';

const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.html': 'text/html',
};

/**
 * The browser's side, as the page's own script (this file's TypeScript has no DOM): pdf.js's own (modern) build
 * with its worker, and drawPage(url, width, height), page 1 as base64 RGBA.
 */
const PAGE = `<!doctype html><title>pdf.js</title><script type="module">
import * as lib from '/pdfjs/build/pdf.mjs';
lib.GlobalWorkerOptions.workerSrc = '/pdfjs/build/pdf.worker.mjs';
window.drawPage = async (url, width, height) => {
  const doc = await lib.getDocument({
    url,
    cMapUrl: '/pdfjs/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    wasmUrl: '/pdfjs/wasm/',
    iccUrl: '/pdfjs/iccs/',
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    await page.render({
      canvas,
      canvasContext: context,
      viewport,
      transform: [width / viewport.width, 0, 0, height / viewport.height, 0, 0],
      background: 'white',
      annotationMode: lib.AnnotationMode.ENABLE,
    }).promise;
    const { data } = context.getImageData(0, 0, width, height);
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(binary);
  } finally {
    await doc.destroy();
  }
};
</script>`;

function okFiles(): string[] {
  const [header, ...lines] = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const columns = header!.split('\t');
  return lines
    .map((line) => line.split('\t'))
    .filter((cells) => cells[columns.indexOf('expected')] === 'accept')
    .map((cells) => cells[columns.indexOf('path')]!)
    .filter((path) => path !== PATHOLOGICAL);
}

/** pdf.js's build and the corpus over loopback HTTP (the browser loads ES modules and the worker from it). */
function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.startsWith('/pdfjs/')
      ? join(pdfjsDir, path.slice('/pdfjs/'.length))
      : path.startsWith('/corpus/')
        ? join(corpusDir, path.slice('/corpus/'.length))
        : undefined;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    if (!file || file.includes('..') || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/** Fraction of pixels off by more than 32 and 128 in any channel, and the mean absolute difference per channel. */
function compare(a: Uint8ClampedArray, b: Uint8ClampedArray) {
  let over32 = 0;
  let over128 = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    let most = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a[i + c]! - b[i + c]!);
      sum += d;
      if (d > most) most = d;
    }
    if (most > 32) over32++;
    if (most > 128) over128++;
  }
  const pixels = a.length / 4;
  return { over32: over32 / pixels, over128: over128 / pixels, mad: sum / (pixels * 3) };
}

if (!present) {
  describe('page renderer fidelity', () => {
    it('is not checked: the PDF corpus is absent', () => {
      console.warn(
        `[pdf-engine] PDF corpus NOT FOUND at ${corpusDir}: the renderer's fidelity was not checked.`,
      );
      expect(existsSync(corpusDir)).toBe(false);
    });
  });
} else {
  let renderer: PageRenderer;
  let server: Server;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let page: Awaited<ReturnType<typeof browser.newPage>>;

  beforeAll(async () => {
    renderer = createPageRenderer({ size: 1 });
    server = await serve();
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction("typeof drawPage === 'function'");
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
    await renderer?.close();
  });

  /** Page 1 drawn by pdf.js in Chromium at exactly width x height pixels, as RGBA. */
  async function inChromium(path: string, width: number, height: number): Promise<Uint8ClampedArray> {
    const base64 = (await page.evaluate(
      `drawPage(${JSON.stringify(`/corpus/${path}`)}, ${width}, ${height})`,
    )) as string;
    return new Uint8ClampedArray(Buffer.from(base64, 'base64'));
  }

  describe('page renderer fidelity', () => {
    it(`draws page 1 of every ok corpus file at ${WIDTH} px as pdf.js does in Chromium`, async () => {
      const results: { path: string; over32: number; over128: number; mad: number }[] = [];
      for (const path of okFiles()) {
        const [drawn] = await renderer.render(readFileSync(join(corpusDir, path)), {
          widths: [WIDTH],
          pages: [1],
        });
        const { width, height, bytes } = drawn!.images[0]!;
        const decoded = await loadImage(Buffer.from(bytes));
        const canvas = createCanvas(width, height);
        const context = canvas.getContext('2d');
        context.drawImage(decoded, 0, 0);
        const ours = context.getImageData(0, 0, width, height).data;
        const theirs = await inChromium(path, width, height);
        expect(theirs.length, path).toBe(ours.length);
        results.push({ path, ...compare(ours, theirs) });
      }
      const worst = (key: 'over32' | 'over128' | 'mad') =>
        results.reduce((a, b) => (b[key] > a[key] ? b : a));
      const pct = (n: number) => `${(n * 100).toFixed(2)}%`;
      console.info(
        `[raster] ${results.length} pages vs Chromium: worst >32 ${pct(worst('over32').over32)} (${worst('over32').path}), ` +
          `worst >128 ${pct(worst('over128').over128)} (${worst('over128').path}), worst MAD ${worst('mad').mad.toFixed(2)} (${worst('mad').path})`,
      );
      const failing = results.filter(
        (r) => r.over32 > LIMITS.over32 || r.over128 > LIMITS.over128 || r.mad > LIMITS.mad,
      );
      expect(failing).toEqual([]);
    }, 120_000);

    it('refuses the page whose scratch canvases would take minutes and gigabytes, in seconds', async () => {
      const started = performance.now();
      const error = await renderer
        .render(readFileSync(join(corpusDir, PATHOLOGICAL)), { widths: [800, 1600] })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'page-too-large',
        message: expect.stringMatching(/^page 1 cannot be drawn/),
      });
      expect(performance.now() - started).toBeLessThan(30_000);
    }, 60_000);
  });
}
