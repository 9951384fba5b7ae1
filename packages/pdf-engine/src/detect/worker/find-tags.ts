import type { Rect } from '../../geometry/types.ts';
import { type ParsedTag, parseTag, TAG_PATTERN } from '../tag-syntax.ts';
import type { TextRun } from './glyphs.ts';

export interface GlyphRef {
  run: number;
  glyph: number;
}

export interface FoundTag {
  text: string;
  box: Rect;
  glyphs: GlyphRef[];
  parsed: ParsedTag | { error: string };
}

/**
 * Tags in the order the page draws its text. Runs are joined as drawn, so a tag split over several
 * text operators (`{{Company;` then `type=text}}`, as word processors often write it) is still found;
 * its glyphs must sit on one line.
 */
export function findTags(runs: TextRun[]): FoundTag[] {
  let text = '';
  /** The glyph behind each UTF-16 code unit of `text` (regex indices are code units). */
  const byUnit: GlyphRef[] = [];
  runs.forEach((run, r) => {
    run.glyphs.forEach((g, i) => {
      for (let u = 0; u < g.unicode.length; u++) byUnit.push({ run: r, glyph: i });
      text += g.unicode;
    });
  });
  const found: FoundTag[] = [];
  for (const match of text.matchAll(TAG_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    const refs: GlyphRef[] = [];
    for (let u = start; u < end; u++) {
      const ref = byUnit[u]!;
      const last = refs[refs.length - 1];
      if (!last || last.run !== ref.run || last.glyph !== ref.glyph) refs.push(ref);
    }
    const boxes = refs.map((ref) => runs[ref.run]!.glyphs[ref.glyph]!.box);
    const box = union(boxes);
    const parsed = sameLine(boxes)
      ? parseTag(match[1] ?? '')
      : { error: 'the tag must be written on one line' };
    found.push({ text: match[0], box, glyphs: refs, parsed });
  }
  return found;
}

function union(boxes: Rect[]): Rect {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Every glyph overlaps the first one vertically by at least half its height. */
function sameLine(boxes: Rect[]): boolean {
  const first = boxes[0];
  if (!first) return false;
  return boxes.every((b) => {
    const overlap = Math.min(first.y + first.height, b.y + b.height) - Math.max(first.y, b.y);
    return overlap >= Math.min(first.height, b.height) / 2;
  });
}
