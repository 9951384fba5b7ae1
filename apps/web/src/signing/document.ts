import type { SigningField, SigningView } from '@countersign/schemas';
import { $, el } from './dom.ts';
import { embed } from './embed.ts';
import { t } from './i18n.ts';
import { refreshOverlays } from './overlays.ts';
import { type PageFrame, pageFrame, type SigningDocument } from './page-frame.ts';
import { showImages } from './page-images.ts';
import { drawWithPdfjs, loadPdfjs } from './pdfjs-pages.ts';
import { work } from './state.ts';
import { checkAll } from './text-fit.ts';

// The document: each page shown as the server drew it (page-images.ts), or drawn by pdf.js in the browser
// when the server has not (pdfjs-pages.ts), one document at a time; the fields over the pages either way.

/**
 * Every document in its section; the first one's page 1 sets the `countersign:page1` mark once it is on
 * screen (bench/ times it). pdf.js is fetched only when a document has no images.
 */
export async function renderDocument(v: SigningView, onTap: (f: SigningField) => void): Promise<void> {
  const doc = $('doc');
  doc.hidden = false;
  if (work.rendered) return refreshOverlays();
  work.rendered = true;
  // Started before anything is laid out, so it downloads while the first document is set up.
  if (v.documents.some((d) => !d.pageImages)) void loadPdfjs().catch(() => {});
  // Page 1 as the HTML already shows it (signing-page.ts), taken over in place; else a loading line.
  const early = document.querySelector<HTMLImageElement>('#page1-early');
  early?.removeAttribute('id');
  if (!early) doc.replaceChildren(el('p', { class: 'loading', text: t('loading') }));
  const many = v.documents.length > 1;
  for (const [i, d] of v.documents.entries()) {
    const section = el('section', { class: 'document', 'aria-label': d.filename });
    if (many) section.append(el('h2', { class: 'doc-name', text: d.filename }));
    if (i === 0) doc.replaceChildren(section);
    else doc.append(section);
    const shown = showDocument(v, d, section, onTap, i === 0 ? early : null);
    // The mark lets a benchmark (bench/) time the first page on screen.
    if (i === 0) void shown.then(() => performance.mark('countersign:page1'));
    // Documents drawn in the browser go one at a time, as pdf.js fetches and parses each.
    if (!d.pageImages) await shown;
    refreshOverlays();
  }
  refreshOverlays();
  if (v.yourTurn) void checkAll();
  embed({ type: 'ready' });
}

/** One document's pages: its images while they load, else (or once one fails) pdf.js. Resolves with page 1. */
async function showDocument(
  v: SigningView,
  d: SigningDocument,
  section: HTMLElement,
  onTap: (f: SigningField) => void,
  early: HTMLImageElement | null,
): Promise<void> {
  const frameFor = (n: number, total: number) => pageFrame(v, d, n, total, onTap);
  const images = d.pageImages;
  if (!images) return drawWithPdfjs(d, section, null, frameFor);
  const frames: PageFrame[] = images.pages.map((page, i) => {
    const frame = frameFor(i + 1, images.pages.length);
    frame.size(page);
    section.append(frame.wrap);
    return frame;
  });
  let fallback: Promise<void> | null = null;
  const fallBack = () => {
    fallback ??= drawWithPdfjs(d, section, frames, frameFor).then(refreshOverlays);
    return fallback;
  };
  await showImages(images, frames, () => void fallBack(), early).catch(fallBack);
}
