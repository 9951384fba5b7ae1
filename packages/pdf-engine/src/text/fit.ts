import { type PreparedText, type ShapedLine, shapeRange } from './shape.ts';

/** Distance between baselines, as a multiple of the font size. */
export const LEADING = 1.2;

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Lines of at most `width` (at font size 1) broken between words (Thai, Chinese and Japanese
 * words too, by the platform's segmenter); a word wider than a line is split between
 * graphemes. Spaces at a break are dropped.
 */
export function wrapLines(prepared: PreparedText, width: number): ShapedLine[] {
  const { text } = prepared;
  const breaks = [...words.segment(text)].map((s) => s.index).concat(text.length);
  const lines: ShapedLine[] = [];
  let start = skipSpaces(text, 0);
  let fitted: ShapedLine | null = null;
  let end = start;
  for (let b = 0; b < breaks.length; b++) {
    const candidate = breaks[b]!;
    if (candidate <= start) continue;
    const line = shapeRange(prepared, start, trimEnd(text, start, candidate));
    if (line.width <= width) {
      fitted = line;
      end = candidate;
      continue;
    }
    if (fitted) {
      lines.push(fitted);
      start = skipSpaces(text, end);
      fitted = null;
      b--; // the word that did not fit starts the next line
      continue;
    }
    // One word wider than the line: as many graphemes as fit, at least one.
    const split = splitWord(prepared, start, candidate, width);
    lines.push(split.line);
    start = split.end;
    b--;
  }
  if (fitted) lines.push(fitted);
  else if (start < text.length) lines.push(shapeRange(prepared, start, trimEnd(text, start, text.length)));
  return lines.filter((line) => line.text !== '');
}

function splitWord(
  prepared: PreparedText,
  start: number,
  end: number,
  width: number,
): { line: ShapedLine; end: number } {
  const cuts = [...graphemes.segment(prepared.text.slice(start, end))].map((s) => start + s.index).slice(1);
  cuts.push(end);
  let best = { line: shapeRange(prepared, start, cuts[0]!), end: cuts[0]! };
  for (const cut of cuts.slice(1)) {
    const line = shapeRange(prepared, start, cut);
    if (line.width > width) break;
    best = { line, end: cut };
  }
  return best;
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
    const lines = wrapLines(prepared, width / size);
    const tallest = Math.max(...lines.map((l) => l.ascent + l.descent));
    const needed = ((lines.length - 1) * LEADING + tallest) * size;
    if (needed <= height * options.fill + 1e-9 && lines.every((l) => l.width * size <= width + 1e-9)) {
      return { lines, size };
    }
    if (size > smallest && size - 0.5 < smallest) size = smallest + 0.5;
  }
  return null;
}
