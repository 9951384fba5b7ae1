/** How large a page is drawn: the width asked for, within the caps of one image. */
import { PdfEngineError } from '../errors.ts';
import type { PageRenderOptions } from './types.ts';

/** Widest drawing asked for (a 4K screen's width). */
export const MAX_WIDTH = 4096;
/** Most widths per call. */
export const MAX_WIDTHS = 4;
/** WebP's largest side. */
export const MAX_IMAGE_SIDE = 16_383;
/**
 * Most pixels of one drawing (1600 x 7500): a tall, narrow page is drawn smaller rather than at an absurd height,
 * and its main canvas leaves most of the canvas cap (canvas-factory.ts) to pdf.js's scratch canvases.
 */
export const MAX_IMAGE_PIXELS = 12_000_000;
/**
 * Most bytes of images one call returns (they live outside the worker's heap cap, and are part of its reservation):
 * about 250 pages of dense text at 800 + 1600 px (146 + 351 KB a page), thousands of ordinary ones. A longer
 * document is drawn in several calls (`pages`).
 */
export const MAX_OUTPUT_MB = 256;

/** The pixel size of a page of `pageWidth` x `pageHeight` points drawn at `width` pixels wide, within the caps. */
export function imageSize(pageWidth: number, pageHeight: number, width: number) {
  let scale = width / pageWidth;
  scale = Math.min(
    scale,
    MAX_IMAGE_SIDE / pageHeight,
    Math.sqrt(MAX_IMAGE_PIXELS / (pageWidth * pageHeight)),
  );
  return {
    scale,
    width: Math.max(1, Math.min(MAX_IMAGE_SIDE, Math.round(pageWidth * scale))),
    height: Math.max(1, Math.min(MAX_IMAGE_SIDE, Math.round(pageHeight * scale))),
  };
}

/** The options with their defaults, or an 'invalid-argument' error saying what is wrong. */
export function checkRenderOptions(
  options: PageRenderOptions,
): Required<Pick<PageRenderOptions, 'widths' | 'quality'>> & Pick<PageRenderOptions, 'pages'> {
  const bad = (why: string) => new PdfEngineError('invalid-argument', `render: ${why}`);
  const { widths, pages, quality = 80 } = options ?? ({} as PageRenderOptions);
  if (!Array.isArray(widths) || widths.length === 0 || widths.length > MAX_WIDTHS) {
    throw bad(`widths must list 1 to ${MAX_WIDTHS} pixel widths`);
  }
  widths.forEach((w, i) => {
    if (!Number.isInteger(w) || w < 1 || w > MAX_WIDTH)
      throw bad(`width ${w} is not an integer from 1 to ${MAX_WIDTH}`);
    if (i > 0 && w <= widths[i - 1]!) throw bad('widths must be ascending');
  });
  if (pages !== undefined) {
    if (!Array.isArray(pages) || pages.length === 0)
      throw bad('pages, when given, must list at least one page');
    for (const p of pages)
      if (!Number.isInteger(p) || p < 1) throw bad(`page ${p} is not a 1-based page number`);
  }
  if (typeof quality !== 'number' || !(quality >= 0 && quality <= 100))
    throw bad('quality must be from 0 to 100');
  return { widths: [...widths], quality, ...(pages ? { pages: [...pages] } : {}) };
}
