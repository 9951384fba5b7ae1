import { PDFArray, type PDFDocument, PDFName, type PDFPage } from 'pdf-lib';
import { displayRectToUserBox, type PageFrame } from '../../geometry/convert.ts';
import { inflate } from '../../geometry/rect.ts';
import type { Rect } from '../../geometry/types.ts';
import { isolatePageContent } from '../../isolate-page-content.ts';

/**
 * Paints opaque white rectangles over `boxes` (display coordinates), on top of everything the page draws.
 * The page's own content is isolated first, so what it does with q/Q cannot hide or move them
 * (see isolate-page-content.ts).
 */
export function coverBoxes(doc: PDFDocument, page: PDFPage, frame: PageFrame, boxes: Rect[]): void {
  if (boxes.length === 0) return;
  const rects = boxes.map((b) => {
    const [x0, y0, x1, y1] = displayRectToUserBox(frame, inflate(b, 1));
    return `${n(x0)} ${n(y0)} ${n(x1 - x0)} ${n(y1 - y0)} re`;
  });
  const cover = doc.context.register(doc.context.flateStream(`q\n1 g\n${rects.join('\n')}\nf\nQ\n`));
  isolatePageContent(page);
  const contents = page.node.Contents();
  if (contents instanceof PDFArray) contents.push(cover);
  else page.node.set(PDFName.of('Contents'), cover);
}

const n = (v: number) => (Math.round(v * 1000) / 1000).toString();
