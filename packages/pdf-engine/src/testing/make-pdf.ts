/**
 * PDF fixtures built with pdf-lib, for this package's tests and for other packages' tests and
 * benchmarks (`@countersign/pdf-engine/testing`). Deterministic: the same options give the same bytes.
 */
import { degrees, PDFDocument, PDFName, PDFNumber, rgb, StandardFonts } from 'pdf-lib';
import type { PdfBox, Rotation } from '../geometry/types.ts';

export type PageSizeOption = 'letter' | 'a4' | [number, number];

export interface MakePdfOptions {
  /** Number of pages (default 1). */
  pages?: number;
  /** Media box size in user units (default 'letter'). */
  size?: PageSizeOption;
  /** /Rotate of every page (default 0). */
  rotate?: Rotation;
  /**
   * Page text: true (default) fills the page inside the margin with numbered paragraphs and a
   * "Page i of n" footer, like a contract; a string is written once near the top-left corner;
   * false leaves the page blank.
   */
  text?: boolean | string;
  /** Margin around the text, in user units (default 72). */
  margin?: number;
  /** Crop box in user space (default: none, i.e. the media box). */
  cropBox?: PdfBox;
  /** Media box origin (default [0, 0]), to build pages whose media box does not start at 0. */
  origin?: [number, number];
  /** /UserUnit of every page (default: none). */
  userUnit?: number;
}

const SIZES = { letter: [612, 792], a4: [595.28, 841.89] } as const;

const WORDS = (
  'the parties agree that this agreement sets out the entire understanding between them and ' +
  'supersedes all prior discussions each party shall perform its obligations in good faith and ' +
  'within the time stated any notice under this agreement must be in writing and delivered to ' +
  'the address given above payment is due thirty days after the date of the invoice'
).split(' ');

export async function makePdf(options: MakePdfOptions = {}): Promise<Uint8Array> {
  const pageCount = options.pages ?? 1;
  const [width, height] = typeof options.size === 'object' ? options.size : SIZES[options.size ?? 'letter'];
  const [ox, oy] = options.origin ?? [0, 0];
  const margin = options.margin ?? 72;
  const text = options.text ?? true;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pageCount; n++) {
    const page = doc.addPage([width, height]);
    if (ox !== 0 || oy !== 0) page.setMediaBox(ox, oy, width, height);
    if (options.rotate) page.setRotation(degrees(options.rotate));
    if (options.cropBox) {
      const [x0, y0, x1, y1] = options.cropBox;
      page.setCropBox(x0, y0, x1 - x0, y1 - y0);
    }
    if (options.userUnit) page.node.set(PDFName.of('UserUnit'), PDFNumber.of(options.userUnit));
    if (typeof text === 'string') {
      page.drawText(text, { x: ox + margin, y: oy + height - margin - 12, size: 12, font });
    } else if (text) {
      writeParagraphs(
        page,
        font,
        { x0: ox + margin, x1: ox + width - margin, y0: oy + margin + 24, y1: oy + height - margin },
        n,
      );
      const footer = `Page ${n} of ${pageCount}`;
      const size = 9;
      page.drawText(footer, {
        x: ox + (width - font.widthOfTextAtSize(footer, size)) / 2,
        y: oy + margin - 4,
        size,
        font,
        color: rgb(0.3, 0.3, 0.3),
      });
    }
  }
  return doc.save({ updateFieldAppearances: false });
}

/** A 100-page contract-like text document (letter, 1-inch margins): the reference for benchmarks. */
export function makeTextDocument(pages = 100): Promise<Uint8Array> {
  return makePdf({ pages, text: true });
}

type Area = { x0: number; x1: number; y0: number; y1: number };

function writeParagraphs(
  page: import('pdf-lib').PDFPage,
  font: import('pdf-lib').PDFFont,
  area: Area,
  pageNumber: number,
): void {
  const size = 11;
  const leading = 15;
  let y = area.y1 - size;
  let word = pageNumber * 7;
  let paragraph = 1;
  while (y >= area.y0) {
    let line = paragraph === 1 || word % 53 === 0 ? `${pageNumber}.${paragraph++} ` : '';
    while (true) {
      const next = WORDS[word % WORDS.length]!;
      const candidate = line + next + ' ';
      if (font.widthOfTextAtSize(candidate.trimEnd(), size) > area.x1 - area.x0) break;
      line = candidate;
      word++;
    }
    page.drawText(line.trimEnd(), { x: area.x0, y, size, font });
    y -= leading;
  }
}
