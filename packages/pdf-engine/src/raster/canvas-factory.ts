/**
 * The canvases pdf.js draws with, counted and capped. Their pixels live in native memory (Skia, through
 * @napi-rs/canvas), outside the worker's heap cap, and pdf.js sizes its scratch canvases (soft masks, patterns,
 * group transparency) from the page's content: one corpus page asks for several 34,862 x 4,332 canvases and takes
 * minutes and gigabytes. So every canvas is counted from create to destroy, and one that would take the live
 * total past CANVAS_MAX_PIXELS is refused: the page fails at once with 'page-too-large'. The cap is part of each
 * render task's budget reservation (renderer.ts), so PDF_MEMORY_MB still bounds the process.
 *
 * pdf.js takes this class as getDocument's `CanvasFactory` and calls create, reset and destroy, the methods of its
 * own BaseCanvasFactory (not exported, hence the same shape here).
 */
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/** Live canvas pixels of one render task at most: 40 Mpx, 160 MB at 4 bytes a pixel. */
export const CANVAS_MAX_PIXELS = 40_000_000;
/** Skia's largest canvas side. */
const MAX_SIDE = 32_767;
export const CANVAS_MAX_MB = Math.ceil((CANVAS_MAX_PIXELS * 4) / (1024 * 1024));

export interface CanvasEntry {
  canvas: Canvas | null;
  context: SKRSContext2D | null;
}

export class BoundedCanvasFactory {
  readonly #live = new Map<Canvas, number>();
  #pixels = 0;
  /** Why a canvas was refused since the last release(), even if pdf.js caught the error. */
  refused: string | undefined;
  /** Most live pixels at once since the last release(). */
  peakPixels = 0;

  create(width: number, height: number): CanvasEntry {
    const w = Math.ceil(width);
    const h = Math.ceil(height);
    if (!(w > 0 && h > 0)) throw new Error('Invalid canvas size');
    this.#admit(w, h, 0);
    const canvas = createCanvas(w, h);
    this.#count(canvas, w * h);
    return { canvas, context: canvas.getContext('2d') };
  }

  reset(entry: CanvasEntry, width: number, height: number): void {
    const { canvas } = entry;
    if (!canvas) throw new Error('Canvas is not specified');
    const w = Math.ceil(width);
    const h = Math.ceil(height);
    if (!(w > 0 && h > 0)) throw new Error('Invalid canvas size');
    this.#admit(w, h, this.#live.get(canvas) ?? 0);
    canvas.width = w;
    canvas.height = h;
    this.#count(canvas, w * h);
  }

  destroy(entry: CanvasEntry): void {
    const { canvas } = entry;
    if (!canvas) throw new Error('Canvas is not specified');
    this.#free(canvas);
    entry.canvas = null;
    entry.context = null;
  }

  /** Live canvas pixels now. */
  get pixels(): number {
    return this.#pixels;
  }

  /** Frees every canvas still alive (pdf.js does not destroy all of its scratch canvases), after a page. */
  release(): void {
    for (const canvas of [...this.#live.keys()]) this.#free(canvas);
    this.refused = undefined;
    this.peakPixels = 0;
  }

  #admit(w: number, h: number, replacing: number): void {
    const total = this.#pixels - replacing + w * h;
    if (w <= MAX_SIDE && h <= MAX_SIDE && total <= CANVAS_MAX_PIXELS) return;
    this.refused = `it needs a ${w} x ${h} canvas (${mpx(w * h)} Mpx, ${mpx(total)} Mpx with the canvases already in use), more than the renderer's cap of ${mpx(CANVAS_MAX_PIXELS)} Mpx and ${MAX_SIDE} pixels a side`;
    throw new Error(`canvas refused: ${this.refused}`);
  }

  #count(canvas: Canvas, pixels: number): void {
    this.#pixels += pixels - (this.#live.get(canvas) ?? 0);
    this.#live.set(canvas, pixels);
    this.peakPixels = Math.max(this.peakPixels, this.#pixels);
  }

  #free(canvas: Canvas): void {
    // Zero size frees the pixels now rather than at the next garbage collection.
    canvas.width = 0;
    canvas.height = 0;
    this.#pixels -= this.#live.get(canvas) ?? 0;
    this.#live.delete(canvas);
  }
}

const mpx = (pixels: number) => (pixels / 1e6).toFixed(1);
