/**
 * One pass over a pdf.js operator list, tracking the graphics and text state the way pdf.js's canvas
 * renderer does, without drawing. Detection (per glyph) and inspection (per text run) both walk with
 * it, so they agree on where text is; what a caller measures is left to its visitor.
 */
import { IDENTITY, multiply } from '../geometry/matrix.ts';
import type { Matrix } from '../geometry/types.ts';
import { asMatrix, num } from './operator-args.ts';

/** The operator ids we read, by name (pdf.js `OPS`). */
export type OpsTable = Record<string, number>;

/** What pdf.js keeps of a loaded font (in `page.commonObjs`) that text placement needs. */
export interface FontFacts {
  fontMatrix?: number[];
  ascent?: number;
  descent?: number;
  vertical?: boolean;
}

export interface TextState {
  ctm: Matrix;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  font: FontFacts | undefined;
  fontSize: number;
  /** -1 after a negative font size, which pdf.js draws mirrored. */
  fontDirection: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

export interface OperatorVisitor<S extends TextState> {
  /** A text-showing operator (pdf.js turns ' and " into these too); `inForm`: drawn by a form XObject. */
  showText(items: unknown, s: S, inForm: boolean): void;
  /** Each entry of an ExtGState (gs), after its /Font is applied. */
  gState?(key: unknown, value: unknown, s: S): void;
  /** Every operator not tracked here. */
  other?(fn: number, args: unknown[], s: S): void;
}

export function initialTextState(): TextState {
  return {
    ctm: IDENTITY,
    textMatrix: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
    font: undefined,
    fontSize: 0,
    fontDirection: 1,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
  };
}

/** Walks the list from `initial` (a caller's extra fields are saved and restored with the rest). */
export function walkOperators<S extends TextState>(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  OPS: OpsTable,
  fontById: (id: string) => FontFacts | undefined,
  initial: S,
  visitor: OperatorVisitor<S>,
): void {
  const op = (name: string) => OPS[name] ?? -1;
  const O = {
    save: op('save'),
    restore: op('restore'),
    transform: op('transform'),
    formBegin: op('paintFormXObjectBegin'),
    formEnd: op('paintFormXObjectEnd'),
    beginText: op('beginText'),
    setFont: op('setFont'),
    setTextMatrix: op('setTextMatrix'),
    moveText: op('moveText'),
    setLeadingMoveText: op('setLeadingMoveText'),
    nextLine: op('nextLine'),
    setLeading: op('setLeading'),
    setCharSpacing: op('setCharSpacing'),
    setWordSpacing: op('setWordSpacing'),
    setHScale: op('setHScale'),
    setTextRise: op('setTextRise'),
    showText: op('showText'),
    showSpacedText: op('showSpacedText'),
    setGState: op('setGState'),
  };
  let s = initial;
  const stack: S[] = [];
  let formDepth = 0;

  const setFont = (id: unknown, size: unknown) => {
    s.font = typeof id === 'string' ? fontById(id) : undefined;
    let sz = num(size, 0);
    s.fontDirection = sz < 0 ? -1 : 1;
    if (sz < 0) sz = -sz;
    s.fontSize = sz;
  };
  const moveText = (x: number, y: number) => {
    s.x = s.lineX += x;
    s.y = s.lineY += y;
  };

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i] as number;
    const args = (argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case O.save:
        stack.push(s);
        s = { ...s };
        break;
      case O.restore:
        s = stack.pop() ?? s;
        break;
      case O.transform: {
        const m = asMatrix(args);
        if (m) s.ctm = multiply(m, s.ctm);
        break;
      }
      case O.formBegin: {
        formDepth++;
        stack.push(s);
        s = { ...s };
        const m = asMatrix(args[0]);
        if (m) s.ctm = multiply(m, s.ctm);
        break;
      }
      case O.formEnd:
        formDepth = Math.max(0, formDepth - 1);
        s = stack.pop() ?? s;
        break;
      case O.beginText:
        s.textMatrix = IDENTITY;
        s.x = s.lineX = 0;
        s.y = s.lineY = 0;
        break;
      case O.setFont:
        setFont(args[0], args[1]);
        break;
      case O.setTextMatrix: {
        const m = asMatrix(args.length === 1 ? args[0] : args);
        if (m) s.textMatrix = m;
        s.x = s.lineX = 0;
        s.y = s.lineY = 0;
        break;
      }
      case O.moveText:
        moveText(num(args[0], 0), num(args[1], 0));
        break;
      case O.setLeadingMoveText:
        s.leading = num(args[1], 0);
        moveText(num(args[0], 0), num(args[1], 0));
        break;
      case O.nextLine:
        moveText(0, s.leading);
        break;
      case O.setLeading:
        s.leading = -num(args[0], 0);
        break;
      case O.setCharSpacing:
        s.charSpacing = num(args[0], 0);
        break;
      case O.setWordSpacing:
        s.wordSpacing = num(args[0], 0);
        break;
      case O.setHScale:
        s.hScale = num(args[0], 100) / 100;
        break;
      case O.setTextRise:
        s.rise = num(args[0], 0);
        break;
      case O.showText:
      case O.showSpacedText:
        visitor.showText(args[0], s, formDepth > 0);
        break;
      case O.setGState:
        for (const entry of Array.isArray(args[0]) ? args[0] : []) {
          if (!Array.isArray(entry)) continue;
          if (entry[0] === 'Font' && Array.isArray(entry[1])) setFont(entry[1][0], entry[1][1]);
          visitor.gState?.(entry[0], entry[1], s);
        }
        break;
      default:
        visitor.other?.(fn, args, s);
    }
  }
}
