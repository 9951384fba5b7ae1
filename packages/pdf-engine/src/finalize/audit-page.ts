import type { PDFDocument, PDFPage } from 'pdf-lib';
import { singleLine } from '../text/field-text.ts';
import { LEADING, wrapLines } from '../text/fit.ts';
import type { PdfFonts } from '../text/pdf-fonts.ts';
import { prepareText, type ShapedLine, shapeRange, type TextStyle } from '../text/shape.ts';
import { PageWriter, type Rgb } from './page-writer.ts';
import type { AuditInput, AuditSigner } from './types.ts';

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const LABEL_WIDTH = 132;
const BOTTOM = 64; // above the footer
const TEXT: Rgb = [0.1, 0.1, 0.13];
const MUTED: Rgb = [0.4, 0.43, 0.48];
const ACCENT: Rgb = [0.06, 0.16, 0.45];
const RULE: Rgb = [0.8, 0.82, 0.86];

/** What the certificate says about the signed content; see FinalizeResult. */
export interface ContentDigest {
  sha256: string;
  length: number;
}

interface Block {
  height: number;
  draw(writer: PageWriter, top: number): void;
  /** The pieces of a block kept together, drawn one by one when it is taller than a page. */
  parts?: Block[];
}

const USABLE_HEIGHT = PAGE[1] - MARGIN - BOTTOM;
/** A row longer than this many lines is cut: the certificate is not the place for kilobytes. */
const MAX_LINES = 12;

function together(parts: Block[]): Block {
  return {
    height: parts.reduce((sum, part) => sum + part.height, 0),
    parts,
    draw(writer, top) {
      let y = top;
      for (const part of parts) {
        part.draw(writer, y);
        y -= part.height;
      }
    },
  };
}

/** Appends the audit certificate (one page, more when many signers) and returns its pages. */
export async function appendAuditCertificate(
  doc: PDFDocument,
  audit: AuditInput,
  content: ContentDigest,
  fonts: PdfFonts,
): Promise<PDFPage[]> {
  const make = new BlockMaker();
  const blocks: Block[] = [
    await make.heading('Certificate of completion', 20, 30, ACCENT),
    await make.paragraph(
      'Electronic signature audit trail, issued by Countersign when the last signer signed.',
      9.5,
      MUTED,
      18,
    ),
    make.rule(14),
    ...(await make.rows([
      ['Session ID', audit.sessionId, 'mono'],
      ...(audit.sessionTitle ? [['Title', audit.sessionTitle] as Row] : []),
      ...(audit.documentName ? [['Document', audit.documentName] as Row] : []),
      ['Status', audit.status],
      ['Completed', utc(audit.completedAt)],
      ['Signers', String(audit.signers.length)],
    ])),
    make.space(10),
  ];
  const signers = await Promise.all(audit.signers.map((signer, i) => make.signer(i + 1, signer)));
  // Section headings stay with what follows them.
  blocks.push(
    together([await make.heading('Signers', 12.5, 20, TEXT), make.rule(10), ...signers.slice(0, 1)]),
  );
  blocks.push(...signers.slice(1));
  blocks.push(
    together([
      make.space(4),
      await make.heading('Document integrity', 12.5, 20, TEXT),
      make.rule(10),
      ...(await make.rows([
        ['Original document SHA-256', audit.originalSha256, 'mono'],
        [
          'Active content removed',
          audit.activeContentRemoved?.length
            ? `${audit.activeContentRemoved.join(', ')} (removed from the original before signing)`
            : 'none found',
        ],
        ['Signed content SHA-256', content.sha256, 'mono'],
        ...(audit.auditChainHead ? [['Audit trail chain head', audit.auditChainHead, 'mono'] as Row] : []),
        ['Signed content', `the first ${content.length} bytes of this PDF file`],
      ])),
      make.space(8),
      await make.paragraph(
        'The signed content is the document exactly as the signers completed it, every value stamped, before ' +
          'this certificate was added. It is the start of this file: the SHA-256 of its first ' +
          `${content.length} bytes is the value above (for example: head -c ${content.length} file.pdf | sha256sum). ` +
          'This certificate and the electronic seal were appended after those bytes as an incremental update, and ' +
          'the seal (PAdES, ETSI.CAdES.detached) covers the whole file, so any later change shows. The SHA-256 of ' +
          'the sealed file as a whole cannot be printed inside it: the service records it and returns it through ' +
          "its API. The audit trail chain head is the hash of the last event of the session's hash-chained audit " +
          'trail when this file was sealed: the trail the service returns must end in it. All times are UTC.',
        7.5,
        MUTED,
        10,
      ),
    ]),
  );
  return layOut(doc, blocks, audit.sessionId, fonts);
}

async function layOut(
  doc: PDFDocument,
  blocks: Block[],
  sessionId: string,
  fonts: PdfFonts,
): Promise<PDFPage[]> {
  const writers: PageWriter[] = [];
  let y = 0;
  const queue = [...blocks];
  for (let block = queue.shift(); block; block = queue.shift()) {
    if (block.height > USABLE_HEIGHT && block.parts) {
      queue.unshift(...block.parts);
      continue;
    }
    if (writers.length === 0 || y - block.height < BOTTOM) {
      writers.push(new PageWriter(doc.addPage(PAGE), fonts));
      y = PAGE[1] - MARGIN;
    }
    block.draw(writers.at(-1)!, y);
    y -= block.height;
  }
  for (const [i, writer] of writers.entries()) {
    const left = oneLine('regular', `Countersign certificate of completion \u00b7 session ${sessionId}`);
    const right = oneLine('regular', `Page ${i + 1} of ${writers.length}`);
    writer.polyline(
      [
        [MARGIN, 48],
        [PAGE[0] - MARGIN, 48],
      ],
      0.5,
      RULE,
    );
    writer.text(left, 7.5, MARGIN, 36, MUTED);
    writer.text(right, 7.5, PAGE[0] - MARGIN - right.width * 7.5, 36, MUTED);
    writer.flush();
  }
  fonts.finish();
  return writers.map((writer) => writer.page);
}

function oneLine(style: TextStyle, text: string): ShapedLine {
  const prepared = prepareText(style, text);
  return shapeRange(prepared, 0, text.length);
}

/** Lines of `text` at most `width` points wide at `size`. */
function lines(style: TextStyle, text: string, size: number, width: number): ShapedLine[] {
  const wrapped = wrapLines(prepareText(style, singleLine(text)), width / size);
  return wrapped.length > 0 ? wrapped : [oneLine(style, '')];
}

/** User text inside our own sentence: isolated, so its direction marks cannot reorder ours. */
const isolate = (text: string) => `\u2068${singleLine(text)}\u2069`;

type Row = [label: string, value: string | null, style?: 'regular' | 'mono'];

/** Measured pieces of the certificate, each drawn at a given top. */
class BlockMaker {
  space(height: number): Block {
    return { height, draw() {} };
  }

  rule(height: number): Block {
    return {
      height,
      draw(writer, top) {
        const y = top - height / 2;
        writer.polyline(
          [
            [MARGIN, y],
            [MARGIN + WIDTH, y],
          ],
          0.75,
          RULE,
        );
      },
    };
  }

  /** A heading; a long one (a signer's name) wraps. */
  async heading(text: string, size: number, height: number, color: Rgb): Promise<Block> {
    const wrapped = lines('bold', text, size, WIDTH);
    return {
      height: height + (wrapped.length - 1) * size * LEADING,
      draw: (writer, top) => {
        for (const [i, line] of wrapped.entries()) {
          writer.text(line, size, MARGIN, top - size - i * size * LEADING, color);
        }
      },
    };
  }

  async paragraph(text: string, size: number, color: Rgb, leading: number): Promise<Block> {
    const wrapped = lines('regular', text, size, WIDTH);
    return {
      height: wrapped.length * leading + 4,
      draw(writer, top) {
        for (const [i, line] of wrapped.entries())
          writer.text(line, size, MARGIN, top - size - i * leading, color);
      },
    };
  }

  /** Label / value rows; long values wrap. One block per row so pages break between rows. */
  async rows(rows: Row[]): Promise<Block[]> {
    return Promise.all(rows.map((row) => this.row(row)));
  }

  async signer(n: number, signer: AuditSigner): Promise<Block> {
    const verification =
      signer.verification === 'one-time-code'
        ? `One-time code sent to ${isolate(signer.email)}`
        : 'None (public link)';
    const title = await this.heading(`${n}. ${isolate(signer.name)}`, 10.5, 17, ACCENT);
    const rows = await this.rows([
      ['Email', signer.email],
      ['Verification', verification],
      ['IP address', signer.ip],
      ['User agent', signer.userAgent],
      ['Sent', signer.sentAt ? utc(signer.sentAt) : null],
      ['Viewed', signer.viewedAt ? utc(signer.viewedAt) : null],
      ['Signed', signer.signedAt ? utc(signer.signedAt) : null],
    ]);
    // A signer's block stays on one page.
    return together([title, ...rows, this.space(12)]);
  }

  private async row([label, value, style = 'regular']: Row): Promise<Block> {
    const size = style === 'mono' ? 8.5 : 9.5;
    const leading = 12.5;
    const valueLines = lines('regular', value ?? '\u2014', size, WIDTH - LABEL_WIDTH);
    if (valueLines.length > MAX_LINES) {
      const kept = valueLines.slice(0, MAX_LINES - 1);
      kept.push(oneLine('regular', '\u2026'));
      valueLines.splice(0, valueLines.length, ...kept);
    }
    const labelLines = lines('regular', label, 8.5, LABEL_WIDTH - 8);
    const height = Math.max(valueLines.length, labelLines.length) * leading + 3;
    return {
      height,
      draw(writer, top) {
        for (const [i, line] of labelLines.entries())
          writer.text(line, 8.5, MARGIN, top - 9.5 - i * leading, MUTED);
        for (const [i, line] of valueLines.entries()) {
          writer.text(line, size, MARGIN + LABEL_WIDTH, top - 9.5 - i * leading, TEXT);
        }
      },
    };
  }
}

/** 2025-01-31 14:05:09 UTC */
export function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
