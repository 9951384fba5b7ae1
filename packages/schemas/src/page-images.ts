// How a drawn page is asked for (docs/signing.md, "Pages drawn ahead of time"): one place for the signing
// page's <img> of each page and page 1's in its HTML, which the script takes over (the same candidates and
// sizes, or the browser would fetch another width). Zod-free, for the web bundle.

/**
 * The page's CSS width (signing.css: `main` is at most 860 px with 12 px padding, 20 px from 720 px up), so the
 * browser picks the image width it needs before any layout.
 */
export const PAGE_IMAGE_SIZES =
  '(min-width: 860px) 820px, (min-width: 720px) calc(100vw - 40px), calc(100vw - 24px)';

/** Page `n`'s image at one width, under the document's pages URL (`pageImages.url`, as a path). */
export const pageImageUrl = (base: string, n: number, width: number) => `${base}/${n}?width=${width}`;

/** Page `n`'s `srcset`: every width drawn. */
export const pageImageSrcset = (base: string, n: number, widths: readonly number[]) =>
  widths.map((w) => `${pageImageUrl(base, n, w)} ${w}w`).join(', ');
