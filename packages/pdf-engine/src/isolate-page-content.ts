/**
 * Drawing we append to an existing page must start from the page's initial graphics state, whatever the
 * page's own content does with q (save) and Q (restore).
 *
 * pdf-lib wraps a page's content in one `q ... Q` before adding to it. That is not enough:
 * - content with a stray Q (more restores than saves) uses up the wrapper's q, so the wrapper's Q has
 *   nothing left to restore. Poppler stops drawing the page at that point, so everything added after it is
 *   never drawn (pdf.js ignores the Q and draws it);
 * - content that changes the state and then leaves a q open (`2 0 0 2 0 0 cm q`) makes the wrapper's Q
 *   restore that changed state, not the initial one, and what follows is drawn moved or scaled.
 *
 * isolatePageContent puts enough q before the content that it never restores past them, and after it
 * exactly enough Q to empty the stack again. The last of those Q restores the state the first q saved,
 * which is the page's initial state.
 */
import { inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFFlateStream,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFStream,
} from 'pdf-lib';
import { CHAR_CLASS, isDelimiter, isWhite, REGULAR, WHITE } from './pdf-chars.ts';

/** The running q/Q depth over a page's content, starting at 0: its lowest point and where it ends. */
export interface SaveRestoreBalance {
  /** The lowest depth reached (0 or less): `-lowest` restores have nothing to restore. */
  lowest: number;
  /** The depth at the end: positive when saves are left open. */
  end: number;
}

/**
 * Wraps the page's current content streams between a stream of q and a stream of Q, as many as its
 * save/restore balance needs. Call it once, before appending streams that draw on the page.
 */
export function isolatePageContent(page: PDFPage): void {
  const contents = page.node.Contents();
  if (!(contents instanceof PDFArray || contents instanceof PDFStream)) return;
  // The entries as stored (usually references), and the streams they point to.
  const entries =
    contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))!];
  const streams = entries.map((entry) => page.doc.context.lookup(entry));
  const { lowest, end } = saveRestoreBalance(streams.map(decodedContent));
  const saves = 1 - lowest;
  const restores = saves + end;
  const { context } = page.doc;
  page.node.set(
    PDFName.of('Contents'),
    context.obj([
      context.register(context.stream('q\n'.repeat(saves))),
      ...entries,
      // Starts with a line break: tokens must not run on from the end of the previous stream.
      context.register(context.stream(`${'\nQ'.repeat(restores)}\n`)),
    ]),
  );
}

/**
 * A plain Flate stream (almost every content stream) inflated by Node's zlib: pdf-lib's JavaScript decoder
 * costs several times more, on every stamped page. Null for anything else (other filters, predictors).
 */
function inflatedNatively(stream: PDFRawStream): Uint8Array | null {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  if (only !== PDFName.of('FlateDecode') || stream.dict.has(PDFName.of('DecodeParms'))) return null;
  try {
    return inflateSync(stream.contents);
  } catch {
    return null; // a damaged stream: pdf-lib's decoder recovers what it can
  }
}

/** Decoded bytes of a content stream; null when it is not a stream or cannot be decoded. */
function decodedContent(object: unknown): Uint8Array | null {
  try {
    if (object instanceof PDFRawStream)
      return inflatedNatively(object) ?? decodePDFRawStream(object).decode();
    if (object instanceof PDFFlateStream) return object.getUnencodedContents();
  } catch {
    // An unknown filter or a broken header: counted as drawing nothing, which is what viewers mostly draw of it.
  }
  return null;
}

/**
 * Counts the q and Q operators of content streams (in order; null entries are skipped) with a lexer of
 * ISO 32000-1 7.2 and 8.9.7: a q or Q inside a literal or hex string, a comment, a name, an array or
 * dictionary operand, or inline image data is not an operator, and neither is a token that only
 * contains one (`Qq`). It never throws: content it cannot read is skipped as viewers skip it.
 */
export function saveRestoreBalance(streams: readonly (Uint8Array | null)[]): SaveRestoreBalance {
  let depth = 0;
  let lowest = 0;
  for (const bytes of streams) {
    if (!bytes) continue;
    const n = bytes.length;
    let pos = 0;
    /** Inside an array or dictionary operand: keywords there are not operators. */
    let nesting = 0;
    /** Between BI and ID: the inline image's dictionary. */
    let imageDict = false;
    while (pos < n) {
      const c = bytes[pos]!;
      const kind = CHAR_CLASS[c];
      if (kind === WHITE) {
        pos++;
        while (pos < n && CHAR_CLASS[bytes[pos]!] === WHITE) pos++;
      } else if (c === 0x25) {
        // % comment, to the end of the line
        while (pos < n && bytes[pos] !== 10 && bytes[pos] !== 13) pos++;
      } else if (c === 0x28) {
        pos = afterLiteralString(bytes, pos);
      } else if (c === 0x3c || c === 0x3e) {
        if (bytes[pos + 1] === c) {
          // << or >>
          nesting = c === 0x3c ? nesting + 1 : Math.max(0, nesting - 1);
          pos += 2;
        } else if (c === 0x3c) {
          // <hex string>
          const close = bytes.indexOf(0x3e, pos + 1);
          pos = close < 0 ? n : close + 1;
        } else pos++;
      } else if (c === 0x5b || c === 0x5d) {
        nesting = c === 0x5b ? nesting + 1 : Math.max(0, nesting - 1);
        pos++;
      } else if (c === 0x2f) {
        // /Name
        pos++;
        while (pos < n && CHAR_CLASS[bytes[pos]!] === REGULAR) pos++;
      } else if (kind !== REGULAR) {
        // a stray ) { or }
        pos++;
      } else {
        const start = pos;
        while (pos < n && CHAR_CLASS[bytes[pos]!] === REGULAR) pos++;
        if (nesting > 0) continue;
        const length = pos - start;
        const first = bytes[start]!;
        if (imageDict) {
          if (length === 2 && first === 0x49 && bytes[start + 1] === 0x44) {
            // ID: one white-space byte, then the image data
            pos = afterInlineImageData(bytes, pos + 1);
            imageDict = false;
          }
        } else if (length === 1 && first === 0x71) {
          depth++; // q
        } else if (length === 1 && first === 0x51) {
          depth--; // Q
          lowest = Math.min(lowest, depth);
        } else if (length === 2 && first === 0x42 && bytes[start + 1] === 0x49) {
          imageDict = true; // BI
        }
      }
    }
  }
  return { lowest, end: depth };
}

/** The offset after the literal string that starts at `pos`: balanced parentheses, backslash escapes. */
function afterLiteralString(bytes: Uint8Array, pos: number): number {
  let depth = 0;
  while (pos < bytes.length) {
    const c = bytes[pos++]!;
    if (c === 0x5c) pos++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return pos;
  }
  return bytes.length;
}

/** The offset after the `EI` that ends inline image data starting at `pos`: EI between white space. */
function afterInlineImageData(bytes: Uint8Array, pos: number): number {
  const n = bytes.length;
  for (let at = bytes.indexOf(0x45, pos); at >= 0; at = bytes.indexOf(0x45, at + 1)) {
    if (
      bytes[at + 1] === 0x49 &&
      isWhite(bytes[at - 1]!) &&
      (at + 2 >= n || isWhite(bytes[at + 2]!) || isDelimiter(bytes[at + 2]!))
    ) {
      return at + 2;
    }
  }
  return n;
}
