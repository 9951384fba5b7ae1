import { PDFArray, type PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import { displayRectToUserBox, type PageFrame } from '../../geometry/convert.ts';
import { inflate } from '../../geometry/rect.ts';
import type { Rect } from '../../geometry/types.ts';

/**
 * Paints opaque white rectangles over `boxes` (display coordinates), on top of everything the page draws.
 * The page's own content is wrapped in q/Q first, so a transformation it leaves behind cannot move them.
 */
export function coverBoxes(doc: PDFDocument, page: PDFPage, frame: PageFrame, boxes: Rect[]): void {
  if (boxes.length === 0) return;
  const rects = boxes.map((b) => {
    const [x0, y0, x1, y1] = displayRectToUserBox(frame, inflate(b, 1));
    return `${n(x0)} ${n(y0)} ${n(x1 - x0)} ${n(y1 - y0)} re`;
  });
  const cover = `Q\nq\n1 g\n${rects.join('\n')}\nf\nQ\n`;
  const open = doc.context.register(doc.context.stream('q\n'));
  const close = doc.context.register(doc.context.flateStream(cover));
  const existing = page.node.Contents();
  const array = PDFArray.withContext(doc.context);
  array.push(open);
  if (existing instanceof PDFArray) {
    for (let i = 0; i < existing.size(); i++) array.push(existing.get(i));
  } else if (existing) {
    const ref = page.node.get(PDFName.of('Contents'));
    if (ref) array.push(ref);
  }
  array.push(close);
  page.node.set(PDFName.of('Contents'), array);
}

const n = (v: number) => (Math.round(v * 1000) / 1000).toString();
