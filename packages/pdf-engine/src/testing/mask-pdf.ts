import { PDFDocument, PDFName } from 'pdf-lib';

/**
 * A 600 x 400 pt page showing a 1-bit image mask of w x h pixels: pdf.js draws it through a scratch canvas of
 * that size, so a large one is a page the page renderer refuses ('page-too-large', raster/canvas-factory.ts).
 */
export async function maskPdf(w: number, h: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([600, 400]);
  const mask = doc.context.flateStream(new Uint8Array((w / 8) * h).fill(0x55), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: w,
    Height: h,
    ImageMask: true,
    BitsPerComponent: 1,
  });
  page.node.setXObject(PDFName.of('Im1'), doc.context.register(mask));
  const content = doc.context.flateStream('q 600 0 0 400 0 0 cm /Im1 Do Q');
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save();
}
