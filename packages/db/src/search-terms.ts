/**
 * The one rule for what the recipient search matches (docs/api-extensions.md "Finding sessions"): a name's
 * words, each folded so that case and accents do not matter ("José Müller" is "jose" and "muller"). The stored
 * terms and the words a person types go through the same fold, so each typed word is a prefix range of the
 * terms index. Folded in JavaScript, not SQL: SQLite's lower() knows only ASCII and neither server strips accents.
 */

/** Longest stored word: a prefix this long is as good as the whole word, and keys stay short. */
export const TERM_MAX_LENGTH = 40;

const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATORS = /[\s\p{P}\p{S}]+/u;

/** Lowercase, accents and other combining marks removed, compatibility forms unified (ﬁ is fi, ｗ is w). */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().normalize('NFC');
}

/** The distinct folded words of `text`, split at spaces, punctuation and symbols, cut to TERM_MAX_LENGTH. */
export function wordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const word of fold(text).split(SEPARATORS)) {
    if (word) words.add([...word].slice(0, TERM_MAX_LENGTH).join(''));
  }
  return [...words];
}

/** The terms a session stores for its recipients' names: every distinct word of any of them. */
export function termsOfNames(names: readonly string[]): string[] {
  return wordsOf(names.join(' '));
}

/**
 * The exclusive upper bound of the prefix range of `word`: every string that starts with `word` sorts at or
 * after it and before this (both servers compare these columns byte by byte: UTF-8 order, code point order).
 */
export function prefixEnd(word: string): string {
  return `${word}\u{10FFFF}`;
}
