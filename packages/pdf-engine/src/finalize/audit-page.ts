import type { PDFDocument, PDFPage } from 'pdf-lib';
import { wrapText } from './fit.ts';
import { type FontBook, singleLine, type TextStyle } from './fonts.ts';
import { PageWriter, type Rgb } from './page-writer.ts';
import type { AuditInput, AuditSigner } from './types.ts';

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const LABEL_WIDTH = 118;
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
  fonts: FontBook,
): Promise<PDFPage[]> {
  const make = new BlockMaker(fonts);
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
          'its API. All times are UTC.',
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
  fonts: FontBook,
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
      writers.push(new PageWriter(doc.addPage(PAGE)));
      y = PAGE[1] - MARGIN;
    }
    block.draw(writers.at(-1)!, y);
    y -= block.height;
  }
  for (const [i, writer] of writers.entries()) {
    const left = await fonts.pick(
      'regular',
      `Countersign certificate of completion \u00b7 session ${sessionId}`,
    );
    const right = `Page ${i + 1} of ${writers.length}`;
    writer.polyline(
      [
        [MARGIN, 48],
        [PAGE[0] - MARGIN, 48],
      ],
      0.5,
      RULE,
    );
    writer.text(left.font, 7.5, MARGIN, 36, left.text, MUTED);
    const rightWidth = left.font.width(right, 7.5);
    writer.text(left.font, 7.5, PAGE[0] - MARGIN - rightWidth, 36, right, MUTED);
    writer.flush();
  }
  return writers.map((writer) => writer.page);
}

type Row = [label: string, value: string | null, style?: TextStyle];

/** Measured pieces of the certificate, each drawn at a given top. */
class BlockMaker {
  constructor(private readonly fonts: FontBook) {}

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

  async heading(text: string, size: number, height: number, color: Rgb): Promise<Block> {
    const picked = await this.fonts.pick('bold', text);
    return {
      height,
      draw: (writer, top) => writer.text(picked.font, size, MARGIN, top - size, picked.text, color),
    };
  }

  async paragraph(text: string, size: number, color: Rgb, leading: number): Promise<Block> {
    const lines = await this.lines('regular', text, size, WIDTH);
    return {
      height: lines.lines.length * leading + 4,
      draw(writer, top) {
        for (const [i, line] of lines.lines.entries()) {
          writer.text(lines.font, size, MARGIN, top - size - i * leading, line, color);
        }
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
        ? `One-time code sent to ${signer.email}`
        : 'None (public link)';
    const title = await this.heading(`${n}. ${signer.name}`, 10.5, 17, ACCENT);
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
    const labelText = await this.fonts.pick('regular', label);
    const valueLines = await this.lines(style, value ?? '\u2014', size, WIDTH - LABEL_WIDTH);
    if (valueLines.lines.length > MAX_LINES) {
      valueLines.lines.length = MAX_LINES;
      valueLines.lines[MAX_LINES - 1] += ' \u2026';
    }
    const labelLines = wrapText(labelText.font, labelText.text, 8.5, LABEL_WIDTH - 8);
    const height = Math.max(valueLines.lines.length, labelLines.length) * leading + 3;
    return {
      height,
      draw(writer, top) {
        for (const [i, line] of labelLines.entries()) {
          writer.text(labelText.font, 8.5, MARGIN, top - 9.5 - i * leading, line, MUTED);
        }
        for (const [i, line] of valueLines.lines.entries()) {
          writer.text(valueLines.font, size, MARGIN + LABEL_WIDTH, top - 9.5 - i * leading, line, TEXT);
        }
      },
    };
  }

  private async lines(style: TextStyle, text: string, size: number, width: number) {
    const picked = await this.fonts.pick(style, singleLine(text));
    return { font: picked.font, lines: wrapText(picked.font, picked.text, size, width) };
  }
}

/** 2025-01-31 14:05:09 UTC */
export function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
