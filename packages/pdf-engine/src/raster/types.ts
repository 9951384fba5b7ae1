/** The page renderer's public shapes (raster/renderer.ts): pages drawn ahead of time, with their text. */

export interface PageRenderOptions {
  /** Pixel widths to draw every page at, ascending, e.g. [800, 1600]. */
  widths: number[];
  /** 1-based pages to draw; all pages when absent. */
  pages?: number[];
  /** WebP quality 0-100 (default 80). */
  quality?: number;
}

/**
 * One drawing of a page. Its width is the one asked for, except for a page so tall and narrow that drawing it at
 * that width would exceed the image caps (sizes.ts): then it is drawn smaller, keeping its aspect ratio.
 */
export interface RenderedImage {
  width: number;
  height: number;
  mime: 'image/webp' | 'image/png';
  bytes: Uint8Array;
}

/** A run of text on the page: its box in fractions 0-1 of the page as displayed, top-left origin. */
export interface PageTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RenderedPage {
  /** 1-based. */
  page: number;
  /** Points as displayed, rotation (and /UserUnit) applied. */
  width: number;
  height: number;
  /** One per width asked for, same order. */
  images: RenderedImage[];
  text: PageTextItem[];
}

export interface PageRenderer {
  /**
   * Draws the pages of `bytes` (the caller's buffer is left untouched). Rejects with a PdfEngineError naming the
   * page and why when any page cannot be drawn ('page-too-large', 'render-failed', or 'worker-unavailable' for a
   * timeout), never with a blank image: the caller then leaves the document to pdf.js in the browser.
   */
  render(bytes: Uint8Array, options: PageRenderOptions): Promise<RenderedPage[]>;
  /** Stops the workers; pending and later calls fail with PdfEngineError('worker-unavailable'). */
  close(): Promise<void>;
}
