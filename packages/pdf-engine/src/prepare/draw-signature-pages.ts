/** Draws the appended signature pages: frames and captions a person can see and sign in. */
import { degrees, type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Rect } from '../geometry/types.ts';
import type { SignatureBlock, SignaturePagePlan } from '../layout/signature-pages.ts';

const INK = rgb(0.15, 0.15, 0.15);
const CAPTION = rgb(0.4, 0.4, 0.4);
const FRAME = rgb(0.7, 0.7, 0.7);
const FIELD_BORDER = rgb(0.35, 0.45, 0.7);
const FIELD_FILL = rgb(0.95, 0.97, 1);

export async function drawSignaturePages(doc: PDFDocument, plan: SignaturePagePlan): Promise<void> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = plan.size;
  const pages: PDFPage[] = [];
  for (let i = 0; i < plan.pageCount; i++) {
    const page = doc.addPage([width, height]);
    // A new page sits under the document's root page node and would inherit its /Rotate and /CropBox.
    page.setRotation(degrees(0));
    page.setCropBox(0, 0, width, height);
    const title = plan.pageCount > 1 ? `Signatures (${i + 1} of ${plan.pageCount})` : 'Signatures';
    page.drawText(title, { x: plan.title.x, y: height - plan.title.y, size: 14, font: bold, color: INK });
    pages.push(page);
  }
  const firstPage = plan.blocks[0]?.page ?? 0;
  for (const block of plan.blocks) {
    const page = pages[block.page - firstPage];
    if (page) drawBlock(page, height, block, regular, bold);
  }
}

function drawBlock(
  page: PDFPage,
  pageHeight: number,
  block: SignatureBlock,
  regular: PDFFont,
  bold: PDFFont,
): void {
  // The signature page is upright and uncropped: user y is the page height minus display y.
  const box = (r: Rect) => ({ x: r.x, y: pageHeight - r.y - r.height, width: r.width, height: r.height });
  const caption = (text: string, under: Rect) =>
    page.drawText(text, {
      x: under.x,
      y: pageHeight - (under.y + under.height + 9),
      size: 7,
      font: regular,
      color: CAPTION,
    });
  const label = `Signer ${block.signer + 1}`;

  page.drawRectangle({ ...box(block.frame), borderColor: FRAME, borderWidth: 0.75 });
  page.drawText(label, {
    x: block.frame.x + 8,
    y: pageHeight - (block.frame.y + 15),
    size: 9,
    font: bold,
    color: INK,
  });
  for (const field of [block.signature, block.name, block.date]) {
    page.drawRectangle({ ...box(field), color: FIELD_FILL, borderColor: FIELD_BORDER, borderWidth: 0.75 });
  }
  caption(`${label} - signature`, block.signature);
  caption(`${label} - name`, block.name);
  caption('Date', block.date);
}
