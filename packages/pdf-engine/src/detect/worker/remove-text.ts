/**
 * Takes glyphs out of a page's content stream. The k-th text-showing operator of the stream (Tj, TJ, ', ")
 * is the k-th one pdf.js reported at form depth 0 (pdf.js turns each into exactly one showText), so the
 * glyphs to remove map onto operators and, with a uniform code length (1 or 2 bytes per glyph), onto bytes.
 * Each changed operator becomes a TJ whose removed glyphs are replaced by a position adjustment of the same
 * advance, so everything drawn after them stays exactly where it was.
 */
import {
  decodePDFRawStream,
  PDFArray,
  type PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFStream,
} from 'pdf-lib';
import { type Operand, type Operation, parseContent, TEXT_SHOWING_OPERATORS } from './content-syntax.ts';
import type { TextRun } from './glyphs.ts';

export class CannotRemoveError extends Error {
  override name = 'CannotRemoveError';
}

/** Decoded bytes of every content stream of the page, joined in order. */
export function pageContentBytes(page: PDFPage): Uint8Array {
  const contents = page.node.Contents();
  const streams: PDFStream[] = [];
  if (contents instanceof PDFStream) streams.push(contents);
  else if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) {
      const s = contents.lookup(i);
      if (!(s instanceof PDFStream)) throw new CannotRemoveError('a content stream is not a stream');
      streams.push(s);
    }
  } else if (contents !== undefined) throw new CannotRemoveError('unexpected /Contents');
  const parts = streams.map((s) => {
    if (!(s instanceof PDFRawStream)) throw new CannotRemoveError('content stream already rewritten');
    return decodePDFRawStream(s).decode();
  });
  const total = parts.reduce((sum, p) => sum + p.length + 1, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
    out[at++] = 10; // operators never span streams in practice; a separator keeps tokens apart
  }
  return out;
}

/**
 * Content bytes with the glyphs in `remove` (content ordinal -> glyph indices) taken out.
 * Throws CannotRemoveError when the stream and pdf.js's view of it do not line up.
 */
export function removeGlyphs(
  content: Uint8Array,
  runs: TextRun[],
  remove: Map<number, Set<number>>,
): Uint8Array {
  let ops: Operation[];
  try {
    ops = parseContent(content);
  } catch (error) {
    throw new CannotRemoveError(`content stream unreadable: ${(error as Error).message}`);
  }
  const textOps = ops.filter((o) => TEXT_SHOWING_OPERATORS.has(o.op));
  const contentRuns = runs.filter((r) => r.contentIndex !== null);
  if (textOps.length !== contentRuns.length) {
    throw new CannotRemoveError(
      `${textOps.length} text operators in the stream, ${contentRuns.length} seen by pdf.js`,
    );
  }
  const edits: { start: number; end: number; text: string }[] = [];
  for (const [ordinal, glyphs] of remove) {
    const op = textOps[ordinal];
    const run = contentRuns[ordinal];
    if (!op || !run) throw new CannotRemoveError(`no text operator #${ordinal}`);
    edits.push({ start: op.start, end: op.end, text: rewrite(op, run, glyphs) });
  }
  edits.sort((a, b) => a.start - b.start);
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (const e of edits) {
    chunks.push(content.subarray(at, e.start), new TextEncoder().encode(e.text));
    at = e.end;
  }
  chunks.push(content.subarray(at));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let k = 0;
  for (const c of chunks) {
    out.set(c, k);
    k += c.length;
  }
  return out;
}

function rewrite(op: Operation, run: TextRun, remove: Set<number>): string {
  if (!run.simple) throw new CannotRemoveError('vertical or mirrored text');
  const items = textItems(op);
  const bytes = items.reduce((n, i) => n + (i.kind === 'string' ? i.bytes.length : 0), 0);
  const glyphCount = run.glyphs.length;
  const width = bytes === glyphCount ? 1 : bytes === 2 * glyphCount ? 2 : 0;
  if (width === 0) throw new CannotRemoveError(`${bytes} bytes for ${glyphCount} glyphs`);

  // Check the operator against pdf.js's element list before touching it.
  const expected: string[] = [];
  for (const item of items) {
    if (item.kind === 'number') expected.push(`n${item.value}`);
    else if (item.kind === 'string') {
      if (item.bytes.length % width) throw new CannotRemoveError('mixed code lengths');
      for (let i = 0; i < item.bytes.length / width; i++) expected.push('g');
    }
  }
  const seen = run.elements.map((e) => ('glyph' in e ? 'g' : `n${e.adjust}`));
  if (expected.join(',') !== seen.join(',')) throw new CannotRemoveError('operator and pdf.js glyphs differ');

  const parts: string[] = [];
  let pendingAdvance = 0;
  let current: number[] = [];
  let glyph = 0;
  const flushString = () => {
    if (current.length) parts.push(`<${Buffer.from(current).toString('hex')}>`);
    current = [];
  };
  const flushAdvance = () => {
    if (pendingAdvance !== 0) {
      flushString();
      parts.push(formatNumber((-pendingAdvance * 1000) / run.fontSize));
    }
    pendingAdvance = 0;
  };
  for (const item of items) {
    if (item.kind === 'number') {
      flushString();
      flushAdvance();
      parts.push(formatNumber(item.value));
      continue;
    }
    if (item.kind !== 'string') continue;
    for (let b = 0; b < item.bytes.length; b += width, glyph++) {
      if (remove.has(glyph)) {
        pendingAdvance += run.glyphs[glyph]!.advance;
        continue;
      }
      flushAdvance();
      for (let k = 0; k < width; k++) current.push(item.bytes[b + k]!);
    }
    flushString();
  }
  flushAdvance();
  const tj = `[${parts.join(' ')}] TJ`;
  if (op.op === "'") return `T* ${tj}`;
  if (op.op === '"') {
    const [aw, ac] = op.operands;
    if (aw?.kind !== 'number' || ac?.kind !== 'number') throw new CannotRemoveError('bad " operands');
    return `${formatNumber(aw.value)} Tw ${formatNumber(ac.value)} Tc T* ${tj}`;
  }
  return tj;
}

/** The strings and numbers an operator shows: TJ's array, or the one string of Tj, ' and ". */
function textItems(op: Operation): Operand[] {
  const last = op.operands[op.operands.length - 1];
  if (op.op === 'TJ') {
    if (last?.kind !== 'array') throw new CannotRemoveError('TJ without an array');
    return last.items;
  }
  if (last?.kind !== 'string') throw new CannotRemoveError(`${op.op} without a string`);
  return [last];
}

function formatNumber(v: number): string {
  const s = (Math.round(v * 10000) / 10000).toString();
  return s === '-0' ? '0' : s;
}

/** Replaces the page's content streams by one stream holding `content`. */
export function setPageContent(doc: PDFDocument, page: PDFPage, content: Uint8Array): void {
  const ref = doc.context.register(doc.context.flateStream(content));
  page.node.set(PDFName.of('Contents'), ref);
}
