import type { SigningField, SigningView } from '@countersign/schemas';
import type * as Pdfjs from 'pdfjs-dist';
import type { PageViewport, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { sameOrigin } from './api.ts';
import { $, el } from './dom.ts';
import { embed } from './embed.ts';
import { numbers, t } from './i18n.ts';
import { overlay, place, refreshOverlays } from './overlays.ts';
import { PDFJS_BASE } from './page.ts';
import { work } from './state.ts';
import { checkAll } from './text-fit.ts';

// The document: each page drawn by pdf.js (served by the API, never bundled) with the fields over it.

async function loadPdfjs(): Promise<typeof Pdfjs> {
  // A runtime URL: pdf.js is most of the page's weight and stays cached for good under its version.
  const url = `${PDFJS_BASE}pdf.min.mjs`;
  const pdfjs = (await import(/* @vite-ignore */ url)) as typeof Pdfjs;
  pdfjs.GlobalWorkerOptions.workerSrc = `${PDFJS_BASE}pdf.worker.min.mjs`;
  return pdfjs;
}

/** Each page's drawing, run when it comes near the screen and again when the width changes. */
const drawers = new WeakMap<Element, () => Promise<void>>();

/**
 * Page 1 first: it is laid out and drawn as soon as pdf.js has it; the other pages get their frames (sized
 * like page 1 until their own size is known) and are drawn when they come near the screen.
 */
export async function renderDocument(v: SigningView, onTap: (f: SigningField) => void): Promise<void> {
  const doc = $('doc');
  doc.hidden = false;
  if (work.rendered) return refreshOverlays();
  work.rendered = true;
  doc.replaceChildren(el('p', { class: 'loading', text: t('loading') }));
  let pdfjs: typeof Pdfjs;
  try {
    pdfjs = await loadPdfjs();
  } catch {
    doc.replaceChildren(el('p', { class: 'error', text: t('doc.viewerFailed') }));
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void drawers.get(entry.target)?.();
      }
    },
    { rootMargin: '600px 0px' },
  );
  let first = true;
  const many = v.documents.length > 1;
  for (const d of v.documents) {
    const section = el('section', { class: 'document', 'aria-label': d.filename });
    if (many) section.append(el('h2', { class: 'doc-name', text: d.filename }));
    if (first) doc.replaceChildren(section);
    else doc.append(section);
    first = false;
    let pdf: PDFDocumentProxy;
    let page1: PDFPageProxy;
    try {
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
      section.append(el('p', { class: 'error', text: t('doc.fileFailed', { file: d.filename }) }));
      continue;
    }
    const guess = page1.getViewport({ scale: 1 });
    for (let n = 1; n <= pdf.numPages; n++) {
      const fields = v.fields.filter((x) => x.documentId === d.id && x.page === n);
      const { wrap, draw } = pageFrame(d, pdf, n, n === 1 ? page1 : null, guess, fields, onTap);
      section.append(wrap);
      // The mark lets a benchmark (bench/) time the first page on screen.
      if (n === 1) void draw().then(() => performance.mark('countersign:page1'));
      else observer.observe(wrap);
    }
    refreshOverlays();
  }
  refreshOverlays();
  if (v.yourTurn) void checkAll();
  embed({ type: 'ready' });
}

/** One page's frame: its canvas and the fields on it, positioned in percent of the page's own size. */
function pageFrame(
  d: SigningView['documents'][number],
  pdf: PDFDocumentProxy,
  n: number,
  known: PDFPageProxy | null,
  guess: PageViewport,
  fields: SigningField[],
  onTap: (f: SigningField) => void,
) {
  const wrap = el('div', {
    class: 'page',
    // A PDF page lays itself out: canvas text must not inherit a right-to-left page direction.
    dir: 'ltr',
    role: 'group',
    'aria-label': t('doc.page', {
      file: d.filename,
      n: numbers.format(n),
      total: numbers.format(pdf.numPages),
    }),
  });
  const canvas = el('canvas', { 'aria-hidden': 'true' });
  wrap.append(canvas);
  const nodes = fields.map((f) => overlay(f, onTap));
  wrap.append(...nodes);
  const size = (viewport: PageViewport) => {
    wrap.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
    for (const [i, f] of fields.entries()) place(nodes[i]!, f, viewport);
  };
  size(known ? known.getViewport({ scale: 1 }) : guess);
  let page = known;
  const draw = async () => {
    if (!page) {
      page = await pdf.getPage(n);
      size(page.getViewport({ scale: 1 }));
    }
    const base = page.getViewport({ scale: 1 });
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: (wrap.clientWidth / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise.catch(() => {});
  };
  drawers.set(wrap, draw);
  return { wrap, draw };
}

/** Pages drawn so far follow a new width; the others draw when they scroll into view. */
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
