/** Paints each field as a solid rectangle, to see (and measure in pixels) where fields land. */
import { PDFDocument, rgb } from 'pdf-lib';
import { displayRectToUserBox, type PageFrame } from '../geometry/convert.ts';
import { isolatePageContent } from '../isolate-page-content.ts';
import type { FieldPlacement } from '../layout/types.ts';

/** Pure magenta: absent from ordinary documents, easy to find in a rendering. */
export const MARK_COLOR = { r: 255, g: 0, b: 255 } as const;

/** `frames[i]` describes page i + 1 of `bytes` (inspect the prepared file to get them all). */
export async function drawFieldMarks(
  bytes: Uint8Array,
  fields: FieldPlacement[],
  frames: PageFrame[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  // Marks must show even on pages whose own content restores more graphics states than it saves.
  const pages = doc.getPages();
  for (const n of new Set(fields.map((f) => f.page))) {
    const page = pages[n - 1];
    if (page) isolatePageContent(page);
  }
  for (const field of fields) {
    const frame = frames[field.page - 1];
    if (!frame) throw new Error(`no page geometry for page ${field.page}`);
    const [x0, y0, x1, y1] = displayRectToUserBox(frame, field);
    doc.getPage(field.page - 1).drawRectangle({
      x: x0,
      y: y0,
      width: x1 - x0,
      height: y1 - y0,
      color: rgb(MARK_COLOR.r / 255, MARK_COLOR.g / 255, MARK_COLOR.b / 255),
    });
  }
  return doc.save({ updateFieldAppearances: false });
}
