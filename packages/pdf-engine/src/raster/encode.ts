import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';

/**
 * How a drawn page becomes bytes. Most pages are black text on white: lossy WebP blurs their glyph edges and
 * still takes 90 KB for a dense Letter page at 800 px. Such a page (every pixel grey) is reduced to 16 levels
 * of grey, which anti-aliased text cannot be told from, and written as lossless WebP, which stores so few
 * colours as a palette, several pixels a byte: about 35 KB for the same page, exact edges, faster to encode.
 * A page with colour (a logo, a photo, a highlight) is written as lossy WebP at `quality`.
 */
export async function encodePage(
  canvas: Canvas,
  context: SKRSContext2D,
  quality: number,
): Promise<Uint8Array> {
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  if (!quantizeGrey(image.data)) return new Uint8Array(await canvas.encode('webp', quality));
  context.putImageData(image, 0, 0);
  // Skia writes lossless WebP at quality 100.
  return new Uint8Array(await canvas.encode('webp', 100));
}

/** Grey levels kept: 16 (steps of 17), as many as a 4-bit palette holds. */
const LEVELS = 16;
/** The most two channels of a pixel may differ for it to count as grey (pdf.js's own rounding). */
const GREY_TOLERANCE = 3;
const STEP = 255 / (LEVELS - 1);
const TO_LEVEL = Uint8Array.from({ length: 256 }, (_, v) => Math.round(Math.round(v / STEP) * STEP));

/** Reduces an RGBA buffer to LEVELS greys in place, unless some pixel has colour: then false, untouched. */
export function quantizeGrey(rgba: Uint8ClampedArray): boolean {
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i]!;
    const g = rgba[i + 1]!;
    const b = rgba[i + 2]!;
    if (Math.abs(r - g) > GREY_TOLERANCE || Math.abs(g - b) > GREY_TOLERANCE) return false;
  }
  for (let i = 0; i < rgba.length; i += 4) {
    const level = TO_LEVEL[((rgba[i]! + rgba[i + 1]! + rgba[i + 2]!) / 3) | 0]!;
    rgba[i] = level;
    rgba[i + 1] = level;
    rgba[i + 2] = level;
    rgba[i + 3] = 255;
  }
  return true;
}
