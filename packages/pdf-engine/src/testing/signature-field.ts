import { type PDFDocument, type PDFPage, PDFString } from 'pdf-lib';

/**
 * Adds a signature form field (FT /Sig) named `name` at x 72..272, y 100..140 of `page`. pdf-lib has no API for
 * signature fields, so its field dictionary is written by hand.
 */
export function addSignatureFormField(doc: PDFDocument, page: PDFPage, name: string): void {
  const field = doc.context.register(
    doc.context.obj({
      FT: 'Sig',
      T: PDFString.of(name),
      Type: 'Annot',
      Subtype: 'Widget',
      Rect: [72, 100, 272, 140],
      F: 4,
      P: page.ref,
    }),
  );
  page.node.addAnnot(field);
  doc.getForm().acroForm.addField(field);
}
