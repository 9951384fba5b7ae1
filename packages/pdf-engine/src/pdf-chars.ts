/** PDF's character classes (ISO 32000-1 7.2.2), for the content-stream lexers. */

/** NUL, tab, line feed, form feed, carriage return, space. */
export const isWhite = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;

/** ( ) < > [ ] { } / % */
export const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;

export const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c);

/** The same classes as a table, for the lexers' hot loops: REGULAR, WHITE or DELIMITER by byte value. */
export const REGULAR = 0;
export const WHITE = 1;
export const DELIMITER = 2;
export const CHAR_CLASS: Uint8Array = Uint8Array.from({ length: 256 }, (_, c) =>
  isWhite(c) ? WHITE : isDelimiter(c) ? DELIMITER : REGULAR,
);
