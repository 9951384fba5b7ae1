import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';

type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | null = null;

/**
 * pdf.js, imported on first use from the API's versioned copy (the one the signing page uses, cached for good):
 * never part of the app's bundle or first load.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (import(/* @vite-ignore */ `${__PDFJS_BASE__}pdf.min.mjs`) as Promise<PdfJs>).then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = `${__PDFJS_BASE__}pdf.worker.min.mjs`;
    return lib;
  });
  return pdfjs;
}

export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const lib = await loadPdfJs();
  return lib.getDocument({
    url,
    withCredentials: true,
    isEvalSupported: false,
    standardFontDataUrl: `${__PDFJS_BASE__}standard_fonts/`,
    cMapUrl: `${__PDFJS_BASE__}cmaps/`,
    iccUrl: `${__PDFJS_BASE__}iccs/`,
    wasmUrl: `${__PDFJS_BASE__}wasm/`,
  }).promise;
}

/** Draws a page at `cssWidth` CSS pixels wide, sharp on high-density screens (capped at 2x for memory). */
export async function drawPage(
  page: PDFPageProxy,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): Promise<void> {
  const base = page.getViewport({ scale: 1 });
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
}
