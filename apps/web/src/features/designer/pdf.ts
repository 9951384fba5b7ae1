import type { PDFDocumentProxy, PDFPageProxy, PDFWorker } from 'pdfjs-dist';
import { apiBytes } from '../../lib/api-client.ts';

// Small and free of the designer's other code: the app's entry imports it to start a template's PDF early.

type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | null = null;
/** Documents started before anyone asked (see preloadPdf), each handed out once. */
const preloaded = new Map<string, Promise<PDFDocumentProxy>>();

/**
 * pdf.js, imported on first use from the API's versioned copy (the one the signing page uses, cached for good):
 * never part of the app's bundle or first load.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import(/* @vite-ignore */ `${__PDFJS_BASE__}pdf.min.mjs`) as Promise<PdfJs>;
  return pdfjs;
}

/**
 * The page's one pdf.js worker, shared by every document (closing a document leaves it running). Its script is
 * started at once, so it loads and compiles alongside pdf.js itself rather than after it, as pdf.js would do.
 * A worker that cannot start fails the documents waiting for it instead of leaving them pending.
 */
function startWorker(): { ready: Promise<PDFWorker>; failed: Promise<never> } {
  const port = new Worker(`${__PDFJS_BASE__}pdf.worker.min.mjs`, { type: 'module' });
  const failed = new Promise<never>((_, reject) => {
    const started = new AbortController();
    // Its first message says it runs; an error event before that means its script never did.
    port.addEventListener('message', () => started.abort(), { once: true });
    port.addEventListener('error', () => reject(new Error('The PDF reader could not start.')), started);
  });
  failed.catch(() => undefined); // reported by the documents that race it
  return { ready: loadPdfJs().then((lib) => lib.PDFWorker.create({ port })), failed };
}
let worker: ReturnType<typeof startWorker> | null = null;

/**
 * Opens a PDF: pdf.js, its worker and the file's bytes all load at once. The bytes are fetched whole, as pdf.js
 * would with this server (it answers no range requests), but without waiting for the worker first.
 */
async function open(url: string): Promise<PDFDocumentProxy> {
  worker ??= startWorker();
  const { ready, failed } = worker;
  const [lib, shared, bytes] = await Promise.race([Promise.all([loadPdfJs(), ready, apiBytes(url)]), failed]);
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    worker: shared,
    isEvalSupported: false,
    standardFontDataUrl: `${__PDFJS_BASE__}standard_fonts/`,
    cMapUrl: `${__PDFJS_BASE__}cmaps/`,
    iccUrl: `${__PDFJS_BASE__}iccs/`,
    wasmUrl: `${__PDFJS_BASE__}wasm/`,
  });
  const pdf = await Promise.race([task.promise, failed]);
  // Page 1 is drawn first, always: the worker reads its page tree while the designer renders.
  pdf.getPage(1).catch(() => undefined);
  return pdf;
}

/** Starts opening `url` now; the next openPdf(url) takes it (once: a document that was closed is never reused). */
export function preloadPdf(url: string): void {
  const pending = open(url);
  pending.catch(() => undefined); // the taker sees the error
  preloaded.set(url, pending);
}

export function openPdf(url: string): Promise<PDFDocumentProxy> {
  const pending = preloaded.get(url);
  if (!pending) return open(url);
  preloaded.delete(url);
  return pending;
}

/**
 * Draws a page at `cssWidth` CSS pixels wide, sharp on high-density screens (capped at 2x for memory). An abort
 * stops the drawing, so a stale one (the zoom changed) never runs alongside its replacement.
 */
export async function drawPage(
  page: PDFPageProxy,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  signal: AbortSignal,
): Promise<void> {
  const base = page.getViewport({ scale: 1 });
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const task = page.render({ canvas, viewport });
  signal.addEventListener('abort', () => task.cancel(), { once: true });
  await task.promise;
}
