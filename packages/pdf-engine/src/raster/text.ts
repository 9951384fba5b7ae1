/** A page's text as pdf.js reads it, as boxes in fractions of the page as displayed (top-left origin). */
import type { PageTextItem } from './types.ts';

/** The parts of pdf.js's text content used here (types from pdf.js's TextContent). */
export interface PdfTextContent {
  items: ReadonlyArray<
    { str: string; transform: number[]; width: number; height: number; fontName: string } | { type: string }
  >;
  styles: Record<string, { ascent?: number; descent?: number } | undefined>;
}

/** A scale-1 viewport of the page: user space to displayed points (pdf.js's PageViewport). */
export interface PdfViewport {
  width: number;
  height: number;
  convertToViewportPoint(x: number, y: number): number[];
}

/** pdf.js's text layer defaults when a font says nothing. */
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;
/** Five decimals: a hundredth of a point on an A4 page, and short JSON. */
const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e5) / 1e5;

export function pageText(content: PdfTextContent, viewport: PdfViewport): PageTextItem[] {
  const out: PageTextItem[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    // The run's baseline direction and its up direction in user space (rotated or skewed text included).
    const along = unit(a, b, [1, 0]);
    const up = unit(c, d, [-along[1], along[0]]);
    const style = content.styles[item.fontName];
    const ascent = Number.isFinite(style?.ascent) && style!.ascent! > 0 ? style!.ascent! : DEFAULT_ASCENT;
    const descent =
      Number.isFinite(style?.descent) && style!.descent! < 0 ? style!.descent! : DEFAULT_DESCENT;
    const { width, height } = item;
    const corners = [
      [0, descent],
      [width, descent],
      [0, ascent],
      [width, ascent],
    ].map(([s, t]) => {
      const h = t! * height;
      return viewport.convertToViewportPoint(e + along[0] * s! + up[0] * h, f + along[1] * s! + up[1] * h);
    });
    const xs = corners.map((p) => p[0]!);
    const ys = corners.map((p) => p[1]!);
    const x0 = Math.min(...xs) / viewport.width;
    const x1 = Math.max(...xs) / viewport.width;
    const y0 = Math.min(...ys) / viewport.height;
    const y1 = Math.max(...ys) / viewport.height;
    if (!(x1 > 0 && y1 > 0 && x0 < 1 && y0 < 1)) continue; // off the page (or not a number)
    const x = round(x0);
    const y = round(y0);
    out.push({ text: item.str, x, y, width: round(round(x1) - x), height: round(round(y1) - y) });
  }
  return out;
}

function unit(x: number, y: number, fallback: [number, number]): [number, number] {
  const length = Math.hypot(x, y);
  return length > 0 && Number.isFinite(length) ? [x / length, y / length] : fallback;
}
