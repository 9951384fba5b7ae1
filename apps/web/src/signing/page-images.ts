import type { SigningPageImages } from '@countersign/schemas';
import { PAGE_IMAGE_SIZES, pageImageSrcset, pageImageUrl } from '@countersign/schemas/page-images';
import { sameOrigin } from './api.ts';
import { el } from './dom.ts';
import type { PageFrame } from './page-frame.ts';
import { whenNear } from './page-frame.ts';
import { fetchPageText, textLayer } from './page-text.ts';

// Pages drawn ahead of time by the server (`pageImages`): each page an <img> the browser picks the width of,
// with the page's text over it. No PDF renderer runs for such a document.

/**
 * Each frame gets its page's image (page 1 may be `early`: the HTML's own, see signing-page.ts): page 1 fetched at once and first (`fetchpriority`), the others when the
 * browser sees them coming (`loading="lazy"`); each page's text when it nears the screen. Resolves when page
 * 1 is decoded; rejects if it fails. Any image that fails to load calls `failed` (the document then falls
 * back to pdf.js: never a blank page).
 */
export function showImages(
  images: SigningPageImages,
  frames: PageFrame[],
  failed: () => void,
  early: HTMLImageElement | null = null,
): Promise<void> {
  const base = sameOrigin(images.url);
  const smallest = images.widths[0];
  let page1: Promise<void> = Promise.resolve();
  for (const frame of frames) {
    const n = frame.n;
    const page = images.pages[n - 1]!;
    // Page 1 the HTML already shows (signing-page.ts): the same element, moved, neither fetched nor decoded again.
    const img =
      n === 1 && early
        ? early
        : el('img', {
            class: 'page-image',
            alt: '',
            decoding: 'async',
            loading: n === 1 ? 'eager' : 'lazy',
            fetchpriority: n === 1 ? 'high' : null,
            sizes: PAGE_IMAGE_SIZES,
            srcset: pageImageSrcset(base, n, images.widths),
            src: smallest === undefined ? null : pageImageUrl(base, n, smallest),
          });
    img.addEventListener('error', failed, { once: true });
    if (img.complete && img.naturalWidth === 0 && img === early) queueMicrotask(failed);
    frame.paint(img);
    if (n === 1) page1 = img.decode();
    whenNear(frame.wrap, () => {
      void fetchPageText(base, n).then((text) => {
        if (text) frame.addText(textLayer(text, page));
      });
    });
  }
  return page1;
}
