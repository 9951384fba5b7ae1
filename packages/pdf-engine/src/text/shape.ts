import bidiFactory from 'bidi-js';
import * as hb from 'harfbuzzjs';
import { type FontId, type LoadedFont, loadFont } from './font-files.ts';

export type TextStyle = 'regular' | 'bold' | 'script';

/** One glyph as placed by HarfBuzz, in font units. */
export interface Glyph {
  gid: number;
  advance: number;
  dx: number;
  dy: number;
  /** The text this glyph stands for: its cluster's, on the cluster's first glyph; '' on the others. */
  text: string;
  /** Index in the prepared text where its cluster starts. */
  cluster: number;
}

/** Glyphs of one font and one direction, in visual order. */
export interface GlyphRun {
  font: LoadedFont;
  glyphs: Glyph[];
}

/** A shaped line: runs in visual (left-to-right) order; sizes are at font size 1. */
export interface ShapedLine {
  /** The line's text in logical order, what text extraction must give back. */
  text: string;
  runs: GlyphRun[];
  width: number;
  ascent: number;
  descent: number;
}

/** Text itemized once (direction levels and a font per character), then shaped by ranges. */
export interface PreparedText {
  text: string;
  /** Right-to-left paragraph (its first strong character is right-to-left). */
  rtl: boolean;
  /** Characters no shipped font can show, once each. */
  missing: string[];
  levels: Uint8Array;
  /** The font of each UTF-16 unit. */
  fonts: LoadedFont[];
}

const bidi = bidiFactory();
const INDIC: FontId[] = [
  'devanagari',
  'bengali',
  'tamil',
  'telugu',
  'gujarati',
  'gurmukhi',
  'kannada',
  'malayalam',
];
const OTHERS: FontId[] = ['arabic', 'hebrew', ...INDIC, 'thai'];
// Characters that belong to no script take the font of what surrounds them when it has them.
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}\p{M}]$/u;

/** Fonts to try, in order, for text of `style`; Chinese, Japanese and Korean by what the text holds. */
function chain(style: TextStyle, text: string): FontId[] {
  const cjk: FontId[] = /\p{Script=Hangul}/u.test(text)
    ? ['kr', 'jp', 'sc']
    : /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)
      ? ['jp', 'sc', 'kr']
      : ['sc', 'jp', 'kr'];
  const ids: FontId[] =
    style === 'bold'
      ? (['sans', ...OTHERS, ...cjk].map((id) => `${id}Bold`) as FontId[])
      : style === 'script'
        ? ['script', 'sansItalic', 'sans', ...OTHERS, ...cjk]
        : ['sans', ...OTHERS, ...cjk];
  return ids;
}

/** The first font of `ids` that has `codePoint`, loading fonts only as far as needed. */
function firstCovering(ids: FontId[], codePoint: number): LoadedFont | undefined {
  for (const id of ids) {
    const font = loadFont(id);
    if (font.covers(codePoint)) return font;
  }
  return undefined;
}

/** Direction levels and a font for every character of a single line of text. */
export function prepareText(style: TextStyle, text: string): PreparedText {
  const candidates = chain(style, text);
  const { levels, paragraphs } = bidi.getEmbeddingLevels(text, 'auto');
  const fonts: LoadedFont[] = new Array(text.length);
  const missing = new Set<string>();
  let current: LoadedFont | undefined;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    let font: LoadedFont | undefined =
      current && NEUTRAL.test(ch) && current.covers(cp) ? current : firstCovering(candidates, cp);
    if (!font) {
      // Default ignorables (joiners, variation selectors) shape to nothing; anything else is missing.
      if (!/^\p{Default_Ignorable_Code_Point}$/u.test(ch)) missing.add(ch);
      font = current ?? loadFont(candidates[0]!);
    }
    current = font;
    for (let k = 0; k < ch.length; k++) fonts[i + k] = font;
    i += ch.length;
  }
  return { text, rtl: (paragraphs[0]?.level ?? 0) % 2 === 1, missing: [...missing], levels, fonts };
}

interface Item {
  start: number;
  end: number;
  level: number;
  font: LoadedFont;
}

/** The range [start, end) of prepared text as one shaped line. */
export function shapeRange(prepared: PreparedText, start: number, end: number): ShapedLine {
  const items: Item[] = [];
  for (let i = start; i < end; i++) {
    const level = prepared.levels[i]!;
    const font = prepared.fonts[i]!;
    const last = items.at(-1);
    if (last && last.level === level && last.font === font) last.end = i + 1;
    else items.push({ start: i, end: i + 1, level, font });
  }
  const runs = visualOrder(items).map((item) => shapeItem(prepared.text, item, start, end));
  let width = 0;
  let ascent = 0;
  let descent = 0;
  for (const run of runs) {
    const { upem } = run.font;
    for (const glyph of run.glyphs) width += glyph.advance / upem;
    ascent = Math.max(ascent, run.font.ascender / upem);
    descent = Math.max(descent, -run.font.descender / upem);
  }
  if (runs.length === 0) {
    const sans = loadFont('sans');
    ascent = sans.ascender / sans.upem;
    descent = -sans.descender / sans.upem;
  }
  return { text: prepared.text.slice(start, end), runs, width, ascent, descent };
}

/** Unicode's rule L2 on whole items: reverse every maximal sequence at or above each odd level. */
function visualOrder(items: Item[]): Item[] {
  const order = [...items];
  const max = Math.max(0, ...order.map((item) => item.level));
  const minOdd = Math.min(...order.map((item) => item.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < order.length; ) {
      if (order[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && order[j]!.level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order;
}

function shapeItem(text: string, item: Item, lineStart: number, lineEnd: number): GlyphRun {
  const buffer = new hb.Buffer();
  // The whole line is the context (Arabic joining across a font change), the item is shaped.
  buffer.addText(text.slice(lineStart, lineEnd), item.start - lineStart, item.end - item.start);
  buffer.setDirection(item.level % 2 === 1 ? hb.Direction.RTL : hb.Direction.LTR);
  buffer.guessSegmentProperties();
  hb.shape(item.font.hb, buffer);
  const infos = buffer.getGlyphInfosAndPositions();
  // Cluster boundaries in logical order give each cluster's text.
  const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
  const nextStart = new Map(starts.map((s, i) => [s, starts[i + 1] ?? item.end - lineStart]));
  const seen = new Set<number>();
  const glyphs = infos.map((info): Glyph => {
    const first = !seen.has(info.cluster);
    seen.add(info.cluster);
    return {
      gid: info.codepoint,
      advance: info.xAdvance ?? 0,
      dx: info.xOffset ?? 0,
      dy: info.yOffset ?? 0,
      text: first ? text.slice(lineStart + info.cluster, lineStart + nextStart.get(info.cluster)!) : '',
      cluster: lineStart + info.cluster,
    };
  });
  return { font: item.font, glyphs };
}
