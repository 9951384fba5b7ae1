/**
 * Turns raw content boxes into what layout needs: clipped to the page, words merged into
 * line runs, backgrounds and page frames dropped, and a bounded count per page.
 */
import { clipRect } from '../../geometry/rect.ts';
import type { ContentBox, Rect } from '../../geometry/types.ts';

/** Vector art covering more than this share of the page is a background or a frame, not content. */
const BACKGROUND_SHARE = 0.5;
/** Above this many boxes a page is summarized per horizontal band (dense drawings, hostile input). */
const MAX_BOXES = 1500;
const BANDS = 96;

export function simplifyContent(boxes: ContentBox[], width: number, height: number): ContentBox[] {
  const page: Rect = { x: 0, y: 0, width, height };
  const pageArea = width * height;
  const text: ContentBox[] = [];
  const other: ContentBox[] = [];
  for (const box of boxes) {
    const clipped = clipRect(box, page);
    if (!clipped) continue;
    if (box.kind === 'path' && clipped.width * clipped.height > BACKGROUND_SHARE * pageArea) continue;
    (box.kind === 'text' ? text : other).push({ kind: box.kind, ...clipped });
  }
  let result = [...mergeLines(text), ...other];
  if (result.length > MAX_BOXES) result = summarizeByBands(result, height);
  return result.map(round);
}

/** Merge text runs that sit on the same line and nearly touch. */
function mergeLines(text: ContentBox[]): ContentBox[] {
  text.sort((a, b) => a.x - b.x);
  const lines: ContentBox[] = [];
  for (const b of text) {
    let merged = false;
    for (let i = lines.length - 1; i >= 0; i--) {
      const m = lines[i]!;
      const overlap = Math.min(m.y + m.height, b.y + b.height) - Math.max(m.y, b.y);
      if (overlap < 0.5 * Math.min(m.height, b.height)) continue;
      const gap = b.x - (m.x + m.width);
      if (gap > Math.max(m.height, b.height)) continue;
      const x0 = Math.min(m.x, b.x);
      const y0 = Math.min(m.y, b.y);
      const x1 = Math.max(m.x + m.width, b.x + b.width);
      const y1 = Math.max(m.y + m.height, b.y + b.height);
      lines[i] = { kind: 'text', x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
      merged = true;
      break;
    }
    if (!merged) lines.push(b);
  }
  return lines;
}

function summarizeByBands(boxes: ContentBox[], height: number): ContentBox[] {
  const bandHeight = height / BANDS;
  const bands = new Map<number, { x0: number; x1: number; y0: number; y1: number }>();
  for (const b of boxes) {
    const first = Math.max(0, Math.floor(b.y / bandHeight));
    const last = Math.min(BANDS - 1, Math.floor((b.y + b.height) / bandHeight));
    for (let i = first; i <= last; i++) {
      const y0 = Math.max(b.y, i * bandHeight);
      const y1 = Math.min(b.y + b.height, (i + 1) * bandHeight);
      const band = bands.get(i);
      if (!band) bands.set(i, { x0: b.x, x1: b.x + b.width, y0, y1 });
      else {
        band.x0 = Math.min(band.x0, b.x);
        band.x1 = Math.max(band.x1, b.x + b.width);
        band.y0 = Math.min(band.y0, y0);
        band.y1 = Math.max(band.y1, y1);
      }
    }
  }
  return [...bands.values()].map((b) => ({
    kind: 'path',
    x: b.x0,
    y: b.y0,
    width: b.x1 - b.x0,
    height: b.y1 - b.y0,
  }));
}

function round(b: ContentBox): ContentBox {
  const r = (v: number) => Math.round(v * 100) / 100;
  return { kind: b.kind, x: r(b.x), y: r(b.y), width: r(b.width), height: r(b.height) };
}
