/**
 * Every glyph a page draws, from its pdf.js operator list, with its position (placed by the shared
 * walker in src/pdfjs, which inspection uses too). Each text-showing operator of the page's own content
 * stream gets its ordinal (`contentIndex`), so a glyph can be traced back to the operator that drew it
 * and removed there.
 */
import { type PageFrame, userToDisplayMatrix } from '../../geometry/convert.ts';
import { multiply, transformBounds } from '../../geometry/matrix.ts';
import type { Rect } from '../../geometry/types.ts';
import { layoutText } from '../../pdfjs/text-layout.ts';
import { type FontFacts, initialTextState, type OpsTable, walkOperators } from '../../pdfjs/text-state.ts';

export interface Glyph {
  unicode: string;
  /** Display-space box of the glyph's advance from descent to ascent. */
  box: Rect;
  /** Advance in unscaled text space (before horizontal scaling), char and word spacing included. */
  advance: number;
}

export interface TextRun {
  /** Ordinal among the text-showing operators of the page's content stream; null inside form XObjects. */
  contentIndex: number | null;
  fontSize: number;
  /** False when removal cannot be expressed as a TJ adjustment (vertical writing, negative font size). */
  simple: boolean;
  glyphs: Glyph[];
  /** Per element of the operator's argument: a glyph index, or a TJ number. */
  elements: ({ glyph: number } | { adjust: number })[];
}

export function collectTextRuns(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  OPS: OpsTable,
  fontById: (id: string) => FontFacts | undefined,
  frame: PageFrame,
): TextRun[] {
  const toDisplay = userToDisplayMatrix(frame);
  const runs: TextRun[] = [];
  let contentOrdinal = 0;
  walkOperators(fnArray, argsArray, OPS, fontById, initialTextState(), {
    showText(items, s, inForm) {
      // Pushed even when nothing is drawn, so ordinals keep matching the content stream's operators.
      const run: TextRun = {
        contentIndex: inForm ? null : contentOrdinal++,
        fontSize: s.fontSize,
        simple: s.fontDirection === 1 && s.font?.vertical !== true && s.fontSize > 0,
        glyphs: [],
        elements: [],
      };
      runs.push(run);
      const layout = layoutText(s, items);
      if (!layout) return;
      const { size, ascent, descent, vertical } = layout;
      const toPage = multiply(layout.toUser, toDisplay);
      for (const item of layout.items) {
        if (typeof item === 'number') {
          run.elements.push({ adjust: item });
          continue;
        }
        const { x, width } = item;
        const [x0, y0, x1, y1] = vertical
          ? transformBounds(toPage, -size / 2, -x - width, size / 2, -x)
          : transformBounds(toPage, x, descent * size, x + width, ascent * size);
        run.elements.push({ glyph: run.glyphs.length });
        run.glyphs.push({
          unicode: item.unicode ?? '',
          box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
          advance: item.advance,
        });
      }
    },
  });
  return runs;
}
