import type { FontMetrics } from './fonts.ts';

export interface FittedLine {
  text: string;
  size: number;
}

export interface FitOptions {
  /** Largest font size to use. */
  maxSize: number;
  /** Below this size the text is cut with an ellipsis instead of shrinking further. */
  minSize: number;
  /** Share of the box height the font's ascent-to-descent may fill. */
  fill: number;
}

/**
 * One line of text in a `width` x `height` box: as large as the height allows (up to maxSize),
 * shrunk until it fits the width, and cut with an ellipsis when even minSize is too wide.
 */
export function fitLine(
  font: FontMetrics,
  text: string,
  width: number,
  height: number,
  options: FitOptions,
): FittedLine {
  const bySize = Math.min(options.maxSize, (height * options.fill) / font.height);
  const unitWidth = font.width(text, 1);
  if (unitWidth <= 0 || width <= 0) return { text, size: bySize };
  const size = Math.min(bySize, width / unitWidth);
  const smallest = Math.min(options.minSize, bySize);
  if (size >= smallest) return { text, size };
  return { text: truncate(font, text, width, smallest), size: smallest };
}

/** The longest prefix of `text` that, followed by an ellipsis, fits `width` at `size`. */
function truncate(font: FontMetrics, text: string, width: number, size: number): string {
  const ellipsis = font.shows('\u2026') ? '\u2026' : '...';
  const chars = Array.from(text);
  const candidate = (n: number) => chars.slice(0, n).join('').trimEnd() + ellipsis;
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (font.width(candidate(mid), size) <= width) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : candidate(low);
}

/** Lines of at most `width` at `size`, broken at spaces; words wider than a line are split. */
export function wrapText(font: FontMetrics, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.width(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of Array.from(word)) {
      if (line && font.width(line + ch, size) > width) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  lines.push(line);
  return lines;
}
