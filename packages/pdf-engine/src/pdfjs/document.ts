/**
 * How both workers open a file with pdf.js and read a page's frame and fonts. Types only from pdf.js:
 * each worker loads it itself, natively, before tsx (see their entry.mjs).
 */
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api';
import { normalizeRotation, type PageFrame } from '../geometry/convert.ts';
import type { PdfBox } from '../geometry/types.ts';
import type { FontFacts } from './text-state.ts';

export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfJsLoadingTask = ReturnType<PdfJs['getDocument']>;
export type PdfJsDocument = Awaited<PdfJsLoadingTask['promise']>;
export type PdfJsPage = Awaited<ReturnType<PdfJsDocument['getPage']>>;

/** Where pdf.js reads its data files from; each worker passes only what its work depends on. */
export type PdfJsDataPaths = Pick<
  DocumentInitParameters,
  'cMapUrl' | 'cMapPacked' | 'standardFontDataUrl' | 'wasmUrl' | 'iccUrl'
>;

/**
 * Starts loading a copy of `bytes` (the caller keeps its own). The files are untrusted and never
 * drawn: no eval'd font code, no fonts installed in the host, no system fonts, no XFA forms.
 */
export function openDocument(pdfjs: PdfJs, bytes: Uint8Array, dataPaths: PdfJsDataPaths): PdfJsLoadingTask {
  return pdfjs.getDocument({
    data: bytes.slice(),
    ...dataPaths,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
  });
}

/** The page's crop box (normalized), rotation and /UserUnit as pdf.js resolved them (inherited values included). */
export function pageFrame(page: PdfJsPage): PageFrame {
  const [x0, y0, x1, y1] = page.view as number[];
  const cropBox: PdfBox = [Math.min(x0!, x1!), Math.min(y0!, y1!), Math.max(x0!, x1!), Math.max(y0!, y1!)];
  const userUnit = page.userUnit > 0 && Number.isFinite(page.userUnit) ? page.userUnit : 1;
  return { cropBox, rotation: normalizeRotation(page.rotate), userUnit };
}

/** A font the operator list refers to by id; undefined when pdf.js has not (or could not) load it. */
export function fontFacts(page: PdfJsPage, id: string): FontFacts | undefined {
  try {
    if (!page.commonObjs.has(id)) return undefined;
    return (page.commonObjs.get(id) as FontFacts | null) ?? undefined;
  } catch {
    return undefined;
  }
}
