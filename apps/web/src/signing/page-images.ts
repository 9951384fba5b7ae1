import type { SigningPageImages } from '@countersign/schemas';
import { sameOrigin } from './api.ts';
import { el } from './dom.ts';
import type { PageFrame } from './page-frame.ts';
import { whenNear } from './page-frame.ts';
import { fetchPageText, textLayer } from './page-text.ts';

// Pages drawn ahead of time by the server (`pageImages`): each page an <img> the browser picks the width of,
// with the page's text over it. No PDF renderer runs for such a document.

/**
 * The page's CSS width (signing.css: `main` is at most 860 px with 12 px padding, 20 px from 720 px up), so
 * the browser picks the image width it needs before any layout.
 */
const PAGE_SIZES = '(min-width: 860px) 820px, (min-width: 720px) calc(100vw - 40px), calc(100vw - 24px)';

/**
 * Each frame gets its page's image: page 1 fetched at once and first (`fetchpriority`), the others when the
 * browser sees them coming (`loading="lazy"`); each page's text when it nears the screen. Resolves when page
 * 1 is decoded; rejects if it fails. Any image that fails to load calls `failed` (the document then falls
 * back to pdf.js: never a blank page).
 */
export function showImages(
  images: SigningPageImages,
  frames: PageFrame[],
  failed: () => void,
): Promise<void> {
  const base = sameOrigin(images.url);
  const smallest = images.widths[0];
  let page1: Promise<void> = Promise.resolve();
  for (const frame of frames) {
    const n = frame.n;
    const page = images.pages[n - 1]!;
    const img = el('img', {
      class: 'page-image',
      alt: '',
      decoding: 'async',
      loading: n === 1 ? 'eager' : 'lazy',
      fetchpriority: n === 1 ? 'high' : null,
      sizes: PAGE_SIZES,
      srcset: images.widths.map((w) => `${base}/${n}?width=${w} ${w}w`).join(', '),
      src: smallest === undefined ? null : `${base}/${n}?width=${smallest}`,
    });
    img.addEventListener('error', failed, { once: true });
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
