import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A text-heavy PDF of `pages` Letter pages; `tag` makes the bytes unique so nothing is served from a cache. */
export async function textPdf(pages: number, tag: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`${tag} - page ${i}`, { x: 72, y: 730, size: 14, font });
    for (let line = 0; line < 40; line++) {
      page.drawText(
        `${i}.${line + 1} The parties agree that the services are provided as described in the order form.`,
        {
          x: 72,
          y: 700 - line * 15,
          size: 9,
          font,
        },
      );
    }
  }
  return doc.save();
}

/** The floor of PDF work: pdf-lib loading and saving the same bytes. */
export async function loadSave(bytes: Uint8Array): Promise<void> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  await doc.save({ updateFieldAppearances: false });
}
