import { type PreparedText, type ShapedLine, shapeRange } from './shape.ts';

/** Distance between baselines, as a multiple of the font size. */
export const LEADING = 1.2;

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Lines of at most `width` (at font size 1) broken between words (Thai, Chinese and Japanese
 * words too, by the platform's segmenter); a word wider than a line is split between
 * graphemes. Spaces at a break are dropped. Breaks are chosen on the advances of the text
 * shaped once (linear in its length); each line is then shaped on its own.
 */
export function wrapLines(prepared: PreparedText, width: number): ShapedLine[] {
  return shapeRanges(prepared, wrapRanges(prepared, width));
}

function shapeRanges(prepared: PreparedText, ranges: [number, number][]): ShapedLine[] {
  return ranges
    .map(([from, to]) => shapeRange(prepared, from, trimEnd(prepared.text, from, to)))
    .filter((line) => line.text !== '');
}

/** Where `wrapLines` breaks: [start, end) of each line, from the advances alone. */
function wrapRanges(prepared: PreparedText, width: number): [number, number][] {
  const { text } = prepared;
  const sum = prefixAdvances(prepared);
  const measure = (start: number, end: number) => sum[trimEnd(text, start, end)]! - sum[start]!;
  const { breaks } = boundaries(prepared);
  const ranges: [number, number][] = [];
  let start = skipSpaces(text, 0);
  let end = start;
  for (const candidate of breaks) {
    if (candidate <= start) continue;
    if (measure(start, candidate) <= width) {
      end = candidate;
      continue;
    }
    if (end > start) {
      ranges.push([start, end]);
      start = skipSpaces(text, end);
      end = start;
    }
    // The word alone is wider than a line: as many graphemes per line as fit, at least one.
    while (measure(start, candidate) > width) {
      const cut = graphemeCut(boundaries(prepared).graphemes, start, candidate, width, measure);
      ranges.push([start, cut]);
      start = cut;
    }
    end = candidate;
  }
  if (end > start) ranges.push([start, end]);
  return ranges;
}

const advanceSums = new WeakMap<PreparedText, Float64Array>();

/** Advances of the text shaped as one line, summed: sum[i] is the width of text[0, i). */
function prefixAdvances(prepared: PreparedText): Float64Array {
  const known = advanceSums.get(prepared);
  if (known) return known;
  const advance = new Float64Array(prepared.text.length + 1);
  for (const run of shapeRange(prepared, 0, prepared.text.length).runs) {
    for (const glyph of run.glyphs) advance[glyph.cluster + 1]! += glyph.advance / run.font.upem;
  }
  for (let i = 1; i < advance.length; i++) advance[i]! += advance[i - 1]!;
  advanceSums.set(prepared, advance);
  return advance;
}

const segmented = new WeakMap<PreparedText, { breaks: number[]; graphemes: number[] }>();

/** Word breaks and grapheme boundaries of the text (each list ends with its length), once per text. */
function boundaries(prepared: PreparedText): { breaks: number[]; graphemes: number[] } {
  let known = segmented.get(prepared);
  if (!known) {
    const { text } = prepared;
    known = {
      breaks: [...words.segment(text)].map((s) => s.index).concat(text.length),
      graphemes: [...graphemes.segment(text)].map((s) => s.index).concat(text.length),
    };
    segmented.set(prepared, known);
  }
  return known;
}

/** The end of the longest run of whole graphemes from `start` that fits (at least one grapheme). */
function graphemeCut(
  bounds: number[],
  start: number,
  end: number,
  width: number,
  measure: (start: number, end: number) => number,
): number {
  // Binary search for the last boundary after `start` that fits.
  let low = bounds.findIndex((b) => b > start);
  let high = bounds.findIndex((b) => b >= end);
  if (low === -1 || bounds[low]! >= end) return end;
  let cut = bounds[low]!;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (measure(start, bounds[mid]!) <= width) {
      cut = Math.max(cut, bounds[mid]!);
      low = mid + 1;
    } else high = mid - 1;
  }
  return Math.min(cut, end);
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

export interface FitOptions {
  /** Largest font size. */
  maxSize: number;
  /** The smallest readable size: below it the value is refused, never cut. */
  minSize: number;
  /** Share of the box height one line's ascent-to-descent may fill. */
  fill: number;
}

export interface FittedText {
  lines: ShapedLine[];
  size: number;
}

/**
 * `prepared` in a `width` x `height` box: one line as large as the height allows (up to
 * maxSize), shrunk to fit the width; when that would go below minSize, wrapped at the largest
 * size from there down to minSize at which every line fits. Null when nothing fits: the value
 * is too long for the box. A box too low for minSize itself uses the size its height allows.
 */
export function fitText(
  prepared: PreparedText,
  width: number,
  height: number,
  options: FitOptions,
): FittedText | null {
  const whole = shapeRange(prepared, 0, prepared.text.length);
  const lineHeight = whole.ascent + whole.descent;
  const bySize = Math.min(options.maxSize, (height * options.fill) / lineHeight);
  const smallest = Math.min(options.minSize, bySize);
  const oneLine = whole.width > 0 ? Math.min(bySize, width / whole.width) : bySize;
  if (oneLine >= smallest) return { lines: [whole], size: oneLine };
  for (let size = bySize; size >= smallest - 1e-9; size -= 0.5) {
    // Lines that fit the height at this size; shaping lines only when the breaks need no more.
    const room = Math.floor((height * options.fill - lineHeight * size) / (LEADING * size) + 1e-9) + 1;
    const ranges = wrapRanges(prepared, width / size);
    if (ranges.length > room) {
      if (size > smallest && size - 0.5 < smallest) size = smallest + 0.5;
      continue;
    }
    const lines = shapeRanges(prepared, ranges);
    const tallest = Math.max(...lines.map((l) => l.ascent + l.descent));
    const needed = ((lines.length - 1) * LEADING + tallest) * size;
    if (needed <= height * options.fill + 1e-9 && lines.every((l) => l.width * size <= width + 1e-9)) {
      return { lines, size };
    }
    if (size > smallest && size - 0.5 < smallest) size = smallest + 0.5;
  }
  return null;
}
