import type * as Pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { sameOrigin } from './api.ts';
import { el } from './dom.ts';
import { t } from './i18n.ts';
import { PDFJS_BASE } from './page.ts';
import type { PageFrame, SigningDocument } from './page-frame.ts';
import { whenNear } from './page-frame.ts';

// Pages drawn in the browser by pdf.js (served by the API, never bundled): for a document the server has not
// drawn (its `pageImages` is null), or one whose images failed to load. Nothing here runs otherwise, so pdf.js
// is not even fetched when every document comes as images.

let pdfjsLoading: Promise<typeof Pdfjs> | null = null;

/** pdf.js, fetched once on first need (a runtime URL: it stays cached for good under its version). */
export function loadPdfjs(): Promise<typeof Pdfjs> {
  pdfjsLoading ??= (async () => {
    const pdfjs = (await import(/* @vite-ignore */ `${PDFJS_BASE}pdf.min.mjs`)) as typeof Pdfjs;
    pdfjs.GlobalWorkerOptions.workerSrc = `${PDFJS_BASE}pdf.worker.min.mjs`;
    return pdfjs;
  })();
  // A failed load may be retried by a later document.
  pdfjsLoading.catch(() => {
    pdfjsLoading = null;
  });
  return pdfjsLoading;
}

/** Each canvas page's drawing, run when it comes near the screen and again when the width changes. */
const drawers = new WeakMap<Element, () => Promise<void>>();

/**
 * The document drawn by pdf.js into `frames` when they exist (sized already, from the server's page sizes),
 * else into frames made by `frameFor` once page 1 says how many pages there are (sized like page 1 until
 * their own size is known). Page 1 is drawn at once, the others when they come near the screen; resolves
 * when page 1 is drawn (or the document could not be, said in `section`).
 */
export async function drawWithPdfjs(
  d: SigningDocument,
  section: HTMLElement,
  frames: PageFrame[] | null,
  frameFor: (n: number, total: number) => PageFrame,
): Promise<void> {
  let pdf: PDFDocumentProxy;
  let page1: PDFPageProxy;
  try {
    const pdfjs = await loadPdfjs().catch((err: unknown) => {
      section.append(el('p', { class: 'error', text: t('doc.viewerFailed') }));
      throw err;
    });
    pdf = await pdfjs.getDocument({
      url: sameOrigin(d.url),
      isEvalSupported: false,
      standardFontDataUrl: `${PDFJS_BASE}standard_fonts/`,
      cMapUrl: `${PDFJS_BASE}cmaps/`,
      iccUrl: `${PDFJS_BASE}iccs/`,
      wasmUrl: `${PDFJS_BASE}wasm/`,
    }).promise;
    page1 = await pdf.getPage(1);
  } catch {
    if (!section.querySelector('.error'))
      section.append(el('p', { class: 'error', text: t('doc.fileFailed', { file: d.filename }) }));
    return;
  }
  const guess = page1.getViewport({ scale: 1 });
  const pages =
    frames ??
    Array.from({ length: pdf.numPages }, (_, i) => {
      const frame = frameFor(i + 1, pdf.numPages);
      frame.size(guess);
      section.append(frame.wrap);
      return frame;
    });
  let first: Promise<void> = Promise.resolve();
  for (const frame of pages) {
    const draw = canvasPage(pdf, frame, frame.n === 1 ? page1 : null);
    if (frame.n === 1) first = draw();
    else whenNear(frame.wrap, () => void draw());
  }
  await first;
}

/** One page's canvas in its frame; the page is fetched on its first drawing, which sizes the frame. */
function canvasPage(pdf: PDFDocumentProxy, frame: PageFrame, known: PDFPageProxy | null) {
  const canvas = el('canvas', { 'aria-hidden': 'true' });
  frame.paint(canvas);
  let page = known;
  if (page) frame.size(page.getViewport({ scale: 1 }));
  const draw = async () => {
    if (!page) {
      page = await pdf.getPage(frame.n);
      frame.size(page.getViewport({ scale: 1 }));
    }
    const base = page.getViewport({ scale: 1 });
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: (frame.wrap.clientWidth / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise.catch(() => {});
  };
  drawers.set(frame.wrap, draw);
  return draw;
}

/** Canvas pages drawn so far follow a new width; the others draw when they scroll into view. */
export function redrawOnResize(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const page of document.querySelectorAll('.page'))
        if ((page.querySelector('canvas')?.width ?? 0) > 0) void drawers.get(page)?.();
    }, 200);
  });
}
