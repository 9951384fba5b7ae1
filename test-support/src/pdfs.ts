import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page Letter text PDF; `title` makes its bytes unique (a new document for the service). */
export async function textPdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(title, { x: 72, y: 720, size: 14, font });
  page.drawText('The parties agree to the terms set out here.', { x: 72, y: 690, size: 10, font });
  return doc.save();
}

/** The manifest of a one-document template whose one role signs one signature field on page 1. */
export const oneSignatureManifest = (name: string, document: string, role: string) => ({
  name,
  documents: [document],
  roles: [role],
  fields: [
    {
      label: 'Signature',
      type: 'signature' as const,
      document,
      page: 1,
      x: 72,
      y: 600,
      width: 180,
      height: 40,
      role,
    },
  ],
});
