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

/**
 * Reduces an RGBA buffer to LEVELS greys in place, in one pass; false as soon as a pixel has colour (the
 * buffer is then partly changed: the caller encodes the canvas, not the buffer).
 */
export function quantizeGrey(rgba: Uint8ClampedArray): boolean {
  // One 32-bit word a pixel (little-endian: A B G R from the top byte), opaque: the page has a white background.
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >> 2);
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!;
    if (p === 0xffffffff) continue; // white, most of a page
    const r = p & 0xff;
    const g = (p >>> 8) & 0xff;
    const b = (p >>> 16) & 0xff;
    if (Math.abs(r - g) > GREY_TOLERANCE || Math.abs(g - b) > GREY_TOLERANCE) return false;
    const level = TO_LEVEL[((r + g + b) / 3) | 0]!;
    pixels[i] = (0xff000000 | (level << 16) | (level << 8) | level) >>> 0;
  }
  return true;
}
