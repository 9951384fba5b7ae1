/**
 * Where one text-showing operator puts its glyphs, from the text state it runs in (pdf.js's canvas
 * renderer's arithmetic), and the text position it leaves behind.
 */
import { multiply } from '../geometry/matrix.ts';
import type { Matrix } from '../geometry/types.ts';
import { num } from './operator-args.ts';
import type { TextState } from './text-state.ts';

/** A glyph as pdf.js passes it in a showText argument. */
interface GlyphLike {
  width?: number;
  isSpace?: boolean;
  unicode?: string;
  vmetric?: number[] | null;
}

export interface PlacedGlyph {
  unicode: string | undefined;
  isSpace: boolean | undefined;
  /** Start along the writing direction, in text space scaled by the font size (down the line when vertical). */
  x: number;
  /** Width of the glyph itself, in the same units. */
  width: number;
  /** How far the pen moves: the width plus char and word spacing, before horizontal scaling. */
  advance: number;
}

export interface TextLayout {
  size: number;
  direction: number;
  vertical: boolean;
  /** Top and bottom of a line, as fractions of the font size (kept within sane limits for broken fonts). */
  ascent: number;
  descent: number;
  /** From the layout's units to user space, at the operator's start. */
  toUser: Matrix;
  /** The argument's elements in order: a TJ number as is, a glyph placed; anything else is dropped. */
  items: (number | PlacedGlyph)[];
}

const DEFAULT_FONT_MATRIX = [0.001, 0, 0, 0.001, 0, 0];

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Lays out `items` (the operator's glyph array) and moves `s`'s text position past them; null draws nothing. */
export function layoutText(s: TextState, items: unknown): TextLayout | null {
  if (!Array.isArray(items) || s.fontSize === 0) return null;
  const font = s.font;
  const fm = font?.fontMatrix && font.fontMatrix.length >= 6 ? font.fontMatrix : DEFAULT_FONT_MATRIX;
  const size = s.fontSize;
  const dir = s.fontDirection;
  const vertical = font?.vertical === true;
  const advanceScale = size * num(fm[0], 0.001);
  const layout: TextLayout = {
    size,
    direction: dir,
    vertical,
    ascent: clamp(num(font?.ascent, 0.8) || 0.8, 0.5, 1.2),
    descent: clamp(num(font?.descent, -0.2), -0.5, 0),
    toUser: multiply(multiply([s.hScale * dir, 0, 0, dir, s.x, s.y + s.rise], s.textMatrix), s.ctm),
    items: [],
  };
  let x = 0;
  for (const item of items as unknown[]) {
    if (typeof item === 'number') {
      layout.items.push(item);
      // TJ numbers are thousandths of the font size, against the writing direction.
      x += ((vertical ? 1 : -1) * item * size) / 1000;
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const g = item as GlyphLike;
    const spacing = (g.isSpace ? s.wordSpacing : 0) + s.charSpacing;
    let width = num(g.width, 0);
    if (vertical && g.vmetric) width = -num(g.vmetric[0], -width);
    const scaled = width * advanceScale;
    const advance = scaled + spacing * dir;
    layout.items.push({ unicode: g.unicode, isSpace: g.isSpace, x, width: scaled, advance });
    x += advance;
  }
  if (vertical) s.y -= x;
  else s.x += x * s.hScale * dir;
  return layout;
}
