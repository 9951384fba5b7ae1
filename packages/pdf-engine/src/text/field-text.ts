import { type FitOptions, type FittedText, fitText } from './fit.ts';
import { type PreparedText, prepareText, type TextStyle } from './shape.ts';

/** How a value is set in a field: typed signatures and initials in the signature font. */
export type FieldTextKind = 'text' | 'signature' | 'initials';

const FIT: Record<FieldTextKind, FitOptions> = {
  text: { maxSize: 12, minSize: 6, fill: 0.8 },
  signature: { maxSize: Number.POSITIVE_INFINITY, minSize: 6, fill: 0.85 },
  initials: { maxSize: Number.POSITIVE_INFINITY, minSize: 6, fill: 0.85 },
};
const STYLE: Record<FieldTextKind, TextStyle> = { text: 'regular', signature: 'script', initials: 'script' };

/** Single-line text: control characters and line breaks become spaces. */
export function singleLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/** Inner padding of a field box, in points. */
export function fieldPadding(width: number): number {
  return Math.min(4, width * 0.05);
}

export interface FieldTextLayout {
  prepared: PreparedText;
  /** Null when the value does not fit at the smallest readable size. */
  fitted: FittedText | null;
}

/** The layout of a value in a field box of `width` x `height` points (what is stamped). */
export function layoutFieldText(
  kind: FieldTextKind,
  value: string,
  width: number,
  height: number,
): FieldTextLayout {
  const prepared = prepareText(STYLE[kind], singleLine(value));
  return { prepared, fitted: fitText(prepared, width - 2 * fieldPadding(width), height, FIT[kind]) };
}

export type FieldTextProblem =
  | { code: 'unsupported-characters'; message: string; characters: string[] }
  | { code: 'too-long'; message: string };

export interface FieldTextCheck {
  ok: boolean;
  /** The font size it is stamped at and in how many lines, when it fits. */
  size?: number;
  lines?: number;
  problem?: FieldTextProblem;
}

/**
 * Whether a value can be stamped into its field as entered: every character in a shipped
 * font, and the whole value at or above the smallest readable size. The sign call refuses a
 * value this rejects, so completion never meets text it cannot set.
 */
export function checkFieldText(
  kind: FieldTextKind,
  value: string,
  width: number,
  height: number,
): FieldTextCheck {
  const { prepared, fitted } = layoutFieldText(kind, value, width, height);
  if (prepared.missing.length > 0) {
    const list = prepared.missing.map(
      (ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    );
    return {
      ok: false,
      problem: {
        code: 'unsupported-characters',
        message: `no font can show ${prepared.missing.length === 1 ? 'the character' : 'the characters'} ${list.join(', ')}`,
        characters: prepared.missing,
      },
    };
  }
  if (!fitted) {
    return {
      ok: false,
      problem: {
        code: 'too-long',
        message: `does not fit its field even at ${FIT[kind].minSize} pt on several lines; shorten it`,
      },
    };
  }
  return { ok: true, size: Math.round(fitted.size * 100) / 100, lines: fitted.lines.length };
}

/** One value to check, in the box of its field (points). */
export interface FieldTextItem {
  kind: FieldTextKind;
  value: string;
  width: number;
  height: number;
}

/** `checkFieldText` for several values at once (one task for the PDF worker). */
export function checkFieldTexts(items: readonly FieldTextItem[]): FieldTextCheck[] {
  return items.map((item) => checkFieldText(item.kind, item.value, item.width, item.height));
}
