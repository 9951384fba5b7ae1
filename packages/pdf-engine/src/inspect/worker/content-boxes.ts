/**
 * Content boxes from a pdf.js operator list: one pass with the shared state walker (src/pdfjs, which
 * detection uses too), without rendering. Text boxes are computed here too (rather than with
 * getTextContent) so each page's content streams are parsed once.
 */
import { multiply, transformBounds } from '../../geometry/matrix.ts';
import type { ContentKind, Matrix, PdfBox } from '../../geometry/types.ts';
import { asMatrix, num } from '../../pdfjs/operator-args.ts';
import { layoutText } from '../../pdfjs/text-layout.ts';
import { type FontFacts, initialTextState, type OpsTable, walkOperators } from '../../pdfjs/text-state.ts';

export interface UserSpaceBox {
  kind: ContentKind;
  box: PdfBox;
}

const PAINTING_PATH_OPS = [
  'stroke',
  'closeStroke',
  'fill',
  'eoFill',
  'fillStroke',
  'eoFillStroke',
  'closeFillStroke',
  'closeEOFillStroke',
];
const STROKING_PATH_OPS = [
  'stroke',
  'closeStroke',
  'fillStroke',
  'eoFillStroke',
  'closeFillStroke',
  'closeEOFillStroke',
];
const UNIT_SQUARE_IMAGE_OPS = [
  'paintImageXObject',
  'paintInlineImageXObject',
  'paintImageMaskXObject',
  'paintSolidColorImageMask',
];

export function collectContent(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  OPS: OpsTable,
  fontById: (id: string) => FontFacts | undefined,
): UserSpaceBox[] {
  const out: UserSpaceBox[] = [];
  const op = (name: string) => OPS[name] ?? -1;
  const painting = new Set(PAINTING_PATH_OPS.map(op));
  const stroking = new Set(STROKING_PATH_OPS.map(op));
  const unitImages = new Set(UNIT_SQUARE_IMAGE_OPS.map(op));
  const O = {
    setTextRenderingMode: op('setTextRenderingMode'),
    setLineWidth: op('setLineWidth'),
    setFillRGBColor: op('setFillRGBColor'),
    setFillOther: [
      op('setFillColorN'),
      op('setFillColor'),
      op('setFillGray'),
      op('setFillCMYKColor'),
      op('setFillTransparent'),
    ],
    constructPath: op('constructPath'),
    imageXObjectRepeat: op('paintImageXObjectRepeat'),
    imageMaskRepeat: op('paintImageMaskXObjectRepeat'),
    imageMaskGroup: op('paintImageMaskXObjectGroup'),
    inlineImageGroup: op('paintInlineImageXObjectGroup'),
  };

  const push = (kind: ContentKind, m: Matrix, x0: number, y0: number, x1: number, y1: number) => {
    const box = transformBounds(m, x0, y0, x1, y1);
    if (box.every(Number.isFinite)) out.push({ kind, box });
  };
  const unitImage = (m: Matrix) => push('image', m, 0, 0, 1, 1);

  // Saved and restored with the text state: what decides whether text and paths show at all.
  const initial = { ...initialTextState(), renderMode: 0, lineWidth: 1, fillIsWhite: false };
  walkOperators(fnArray, argsArray, OPS, fontById, initial, {
    showText(items, s) {
      const layout = layoutText(s, items);
      if (!layout) return;
      const { size, vertical } = layout;
      // One box per run, over its inked glyphs only (spaces and invisible glyphs do not count).
      let inkStart = Number.POSITIVE_INFINITY;
      let inkEnd = Number.NEGATIVE_INFINITY;
      for (const g of layout.items) {
        if (typeof g === 'number') continue;
        const blank = g.isSpace || !g.unicode || g.unicode.trim() === '';
        if (!blank) {
          inkStart = Math.min(inkStart, g.x, g.x + g.width);
          inkEnd = Math.max(inkEnd, g.x, g.x + g.width);
        }
      }
      const visible = s.renderMode !== 3 && s.renderMode !== 7;
      if (visible && inkEnd > inkStart) {
        if (vertical) push('text', layout.toUser, -size / 2, -inkEnd, size / 2, -inkStart);
        else push('text', layout.toUser, inkStart, layout.descent * size, inkEnd, layout.ascent * size);
      }
    },
    gState(key, value, s) {
      if (key === 'LW') s.lineWidth = num(value, s.lineWidth);
    },
    other(fn, args, s) {
      switch (fn) {
        case O.setTextRenderingMode:
          s.renderMode = num(args[0], 0);
          break;
        case O.setLineWidth:
          s.lineWidth = num(args[0], 1);
          break;
        case O.setFillRGBColor:
          s.fillIsWhite = typeof args[0] === 'string' && args[0].toLowerCase() === '#ffffff';
          break;
        case O.constructPath: {
          const paintOp = args[0] as number;
          const mm = args[2] as ArrayLike<number> | null | undefined;
          if (!painting.has(paintOp) || !mm || mm.length < 4) break;
          const strokes = stroking.has(paintOp);
          if (!strokes && s.fillIsWhite) break;
          const pad = strokes ? Math.max(s.lineWidth / 2, 0.25) : 0;
          push(
            'path',
            s.ctm,
            num(mm[0], 0) - pad,
            num(mm[1], 0) - pad,
            num(mm[2], 0) + pad,
            num(mm[3], 0) + pad,
          );
          break;
        }
        case O.imageXObjectRepeat: {
          const [, sx, sy, positions] = args as [unknown, number, number, ArrayLike<number>];
          for (let k = 0; positions && k + 1 < positions.length; k += 2) {
            unitImage(
              multiply([num(sx, 1), 0, 0, num(sy, 1), num(positions[k], 0), num(positions[k + 1], 0)], s.ctm),
            );
          }
          break;
        }
        case O.imageMaskRepeat: {
          const [, sx, kx, ky, sy, positions] = args as [
            unknown,
            number,
            number,
            number,
            number,
            ArrayLike<number>,
          ];
          for (let k = 0; positions && k + 1 < positions.length; k += 2) {
            const m: Matrix = [
              num(sx, 1),
              num(kx, 0),
              num(ky, 0),
              num(sy, 1),
              num(positions[k], 0),
              num(positions[k + 1], 0),
            ];
            unitImage(multiply(m, s.ctm));
          }
          break;
        }
        case O.imageMaskGroup:
          for (const image of Array.isArray(args[0]) ? args[0] : []) {
            const m = asMatrix((image as { transform?: unknown })?.transform);
            unitImage(m ? multiply(m, s.ctm) : s.ctm);
          }
          break;
        case O.inlineImageGroup:
          for (const entry of Array.isArray(args[1]) ? args[1] : []) {
            const m = asMatrix((entry as { transform?: unknown })?.transform);
            unitImage(m ? multiply(m, s.ctm) : s.ctm);
          }
          break;
        default:
          if (unitImages.has(fn)) unitImage(s.ctm);
          else if (O.setFillOther.includes(fn)) s.fillIsWhite = false;
      }
    },
  });
  return out;
}
