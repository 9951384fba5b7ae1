import { isRegular, isWhite } from '../../pdf-chars.ts';
/**
 * A minimal reader of page content streams (ISO 32000-1, 7.8.2): operators with their operands and byte
 * spans, so one operator can be replaced while every other byte is kept as it was. Inline images
 * (BI ... ID data EI) are skipped whole. Anything it cannot read throws ContentSyntaxError; callers then
 * fall back to covering instead of editing.
 */

export type Operand =
  | { kind: 'number'; value: number }
  | { kind: 'string'; bytes: Uint8Array }
  | { kind: 'array'; items: Operand[] }
  | { kind: 'other' };

export interface Operation {
  op: string;
  operands: Operand[];
  /** Byte offset of the first operand (or of the operator when it has none). */
  start: number;
  /** Byte offset just after the operator. */
  end: number;
}

export class ContentSyntaxError extends Error {
  override name = 'ContentSyntaxError';
}

type Token =
  | { t: 'operand'; value: Operand }
  | { t: 'keyword'; word: string }
  | { t: 'arrayStart' }
  | { t: 'arrayEnd' }
  | { t: 'dictStart' }
  | { t: 'dictEnd' };

/** The escapes of a literal string that stand for a control character: \n \r \t \b \f. */
const ESCAPED: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };

export function parseContent(bytes: Uint8Array): Operation[] {
  let pos = 0;
  const n = bytes.length;
  const out: Operation[] = [];

  const skipWhite = () => {
    while (pos < n) {
      const c = bytes[pos]!;
      if (isWhite(c)) pos++;
      else if (c === 0x25) {
        while (pos < n && bytes[pos] !== 10 && bytes[pos] !== 13) pos++;
      } else break;
    }
  };

  const literalString = (): Uint8Array => {
    pos++; // (
    const buf: number[] = [];
    let depth = 1;
    while (pos < n) {
      const c = bytes[pos++]!;
      if (c === 0x5c) {
        if (pos >= n) break;
        const e = bytes[pos++]!;
        const escaped = ESCAPED[e];
        if (escaped !== undefined) buf.push(escaped);
        else if (e === 0x0d) {
          if (bytes[pos] === 0x0a) pos++; // line continuation (CR LF)
        } else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2 && pos < n && bytes[pos]! >= 0x30 && bytes[pos]! <= 0x37; k++)
            v = v * 8 + (bytes[pos++]! - 0x30);
          buf.push(v & 0xff);
        } else if (e !== 0x0a) buf.push(e); // \( \) \\ and unknown escapes: the character itself (LF: continuation)
        continue;
      }
      if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return Uint8Array.from(buf);
      if (c === 0x0d) {
        // An unescaped end of line reads as a single LF.
        if (bytes[pos] === 0x0a) pos++;
        buf.push(10);
        continue;
      }
      buf.push(c);
    }
    throw new ContentSyntaxError('unterminated string');
  };

  const hexString = (): Uint8Array => {
    pos++; // <
    const digits: number[] = [];
    while (pos < n && bytes[pos] !== 0x3e) {
      const c = bytes[pos++]!;
      if (isWhite(c)) continue;
      const v =
        c >= 0x30 && c <= 0x39
          ? c - 0x30
          : c >= 0x41 && c <= 0x46
            ? c - 55
            : c >= 0x61 && c <= 0x66
              ? c - 87
              : -1;
      if (v < 0) throw new ContentSyntaxError('bad hex string');
      digits.push(v);
    }
    if (pos >= n) throw new ContentSyntaxError('unterminated hex string');
    pos++; // >
    if (digits.length % 2) digits.push(0);
    const out = new Uint8Array(digits.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = digits[2 * i]! * 16 + digits[2 * i + 1]!;
    return out;
  };

  const regularRun = (): string => {
    const start = pos;
    while (pos < n && isRegular(bytes[pos]!)) pos++;
    return String.fromCharCode(...bytes.subarray(start, pos));
  };

  const next = (): Token | null => {
    skipWhite();
    if (pos >= n) return null;
    const c = bytes[pos]!;
    switch (c) {
      case 0x28:
        return { t: 'operand', value: { kind: 'string', bytes: literalString() } };
      case 0x3c:
        if (bytes[pos + 1] === 0x3c) {
          pos += 2;
          return { t: 'dictStart' };
        }
        return { t: 'operand', value: { kind: 'string', bytes: hexString() } };
      case 0x3e:
        if (bytes[pos + 1] === 0x3e) {
          pos += 2;
          return { t: 'dictEnd' };
        }
        throw new ContentSyntaxError('stray >');
      case 0x5b:
        pos++;
        return { t: 'arrayStart' };
      case 0x5d:
        pos++;
        return { t: 'arrayEnd' };
      case 0x2f:
        pos++;
        regularRun();
        return { t: 'operand', value: { kind: 'other' } };
      case 0x7b:
      case 0x7d:
      case 0x29:
        throw new ContentSyntaxError(`unexpected ${String.fromCharCode(c)}`);
    }
    const word = regularRun();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word))
      return { t: 'operand', value: { kind: 'number', value: Number(word) } };
    if (word === 'true' || word === 'false' || word === 'null')
      return { t: 'operand', value: { kind: 'other' } };
    return { t: 'keyword', word };
  };

  /** Reads one complete operand that starts with `first` (arrays and dictionaries nest). */
  const operand = (first: Token): Operand => {
    if (first.t === 'operand') return first.value;
    if (first.t === 'arrayStart') {
      const items: Operand[] = [];
      for (;;) {
        const tok = next();
        if (!tok) throw new ContentSyntaxError('unterminated array');
        if (tok.t === 'arrayEnd') return { kind: 'array', items };
        if (tok.t === 'keyword') throw new ContentSyntaxError(`operator ${tok.word} inside an array`);
        items.push(operand(tok));
      }
    }
    if (first.t === 'dictStart') {
      for (;;) {
        const tok = next();
        if (!tok) throw new ContentSyntaxError('unterminated dictionary');
        if (tok.t === 'dictEnd') return { kind: 'other' };
        if (tok.t === 'keyword') throw new ContentSyntaxError(`operator ${tok.word} inside a dictionary`);
        operand(tok);
      }
    }
    throw new ContentSyntaxError('unbalanced ] or >>');
  };

  /** After `ID` and one white-space byte: binary data up to an `EI` that stands alone. */
  const skipInlineImageData = () => {
    pos++;
    while (pos < n) {
      if (
        bytes[pos] === 0x45 &&
        bytes[pos + 1] === 0x49 &&
        isWhite(bytes[pos - 1] ?? 32) &&
        (pos + 2 >= n || isWhite(bytes[pos + 2]!))
      ) {
        pos += 2;
        return;
      }
      pos++;
    }
    throw new ContentSyntaxError('inline image without EI');
  };

  let operands: Operand[] = [];
  let start = -1;
  for (;;) {
    skipWhite();
    const tokenStart = pos;
    const tok = next();
    if (!tok) break;
    if (tok.t === 'keyword') {
      if (tok.word === 'BI') {
        // Key/value pairs up to ID, then the data; the whole image counts as one operation.
        for (;;) {
          const t = next();
          if (!t) throw new ContentSyntaxError('inline image without ID');
          if (t.t === 'keyword' && t.word === 'ID') break;
          if (t.t === 'keyword') throw new ContentSyntaxError(`operator ${t.word} inside an inline image`);
          operand(t);
        }
        skipInlineImageData();
        out.push({ op: 'BI', operands: [], start: tokenStart, end: pos });
      } else {
        out.push({ op: tok.word, operands, start: start < 0 ? tokenStart : start, end: pos });
      }
      operands = [];
      start = -1;
      continue;
    }
    if (start < 0) start = tokenStart;
    operands.push(operand(tok));
  }
  if (operands.length > 0) throw new ContentSyntaxError('operands after the last operator');
  return out;
}

export const TEXT_SHOWING_OPERATORS = new Set(['Tj', 'TJ', "'", '"']);
