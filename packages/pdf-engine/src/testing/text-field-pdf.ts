import { PDFDocument } from 'pdf-lib';

/**
 * A new one-page Letter document whose form holds a text field `name` at x 72..272, y 700..720 (no border):
 * the start of the AcroForm fixtures that detection turns into template fields. Add more fields to `form`.
 */
export async function textFieldPdf(name: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  form.createTextField(name).addToPage(page, { x: 72, y: 700, width: 200, height: 20, borderWidth: 0 });
  return { doc, page, form };
}
