// Normalising user-supplied strings, one rule each for single-line and multi-line values.

// C0/C1 controls, line/paragraph separators, and bidi embeddings/overrides/isolates (which can
// make a title or filename read differently from what it is).
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/gu;
const CONTROLS_EXCEPT_NEWLINE_TAB = /(?![\n\t])[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** A value shown on one line (title, name, filename, subject): breaks become spaces, controls go. */
export function singleLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ').replace(CONTROLS_EXCEPT_NEWLINE_TAB, '').replace(/\s+/g, ' ').trim();
}

/** A value whose line breaks matter (personal message, reason, template): `\n` only, no controls. */
export function multiLine(value: string): string {
  return value
    .replace(LINE_BREAKS, '\n')
    .replace(CONTROLS_EXCEPT_NEWLINE_TAB, '')
    .replace(/\t/g, '    ')
    .replace(/[ \u00A0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Null, undefined and blank all mean "not given". */
export function optionalMultiLine(value: string | null | undefined): string | null {
  if (value == null) return null;
  const cleaned = multiLine(value);
  return cleaned.trim() === '' ? null : cleaned;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Length in user-perceived characters, so an emoji or accented letter counts once. */
export function graphemeLength(value: string): number {
  let n = 0;
  for (const _ of segmenter.segment(value)) n++;
  return n;
}

/** Cuts to at most `max` characters, ending in an ellipsis when cut; never splits a character. */
export function truncate(value: string, max: number): string {
  if (graphemeLength(value) <= max) return value;
  if (max <= 0) return '';
  const kept: string[] = [];
  for (const { segment } of segmenter.segment(value)) {
    if (kept.length === max - 1) break;
    kept.push(segment);
  }
  return kept.join('').trimEnd() + '…';
}
