import { PDFDocument } from 'pdf-lib';
import { PdfEngineError } from '../errors.ts';
import { type EmbeddedImage, embedPngNatively, pngHasEveryRow } from './png.ts';

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Drawn signatures of one document: each distinct drawing is embedded once and reused. */
export class ImageBook {
  private readonly images = new Map<string, Promise<EmbeddedImage>>();

  constructor(private readonly doc: PDFDocument) {}

  png(dataUrl: string): Promise<EmbeddedImage> {
    let image = this.images.get(dataUrl);
    if (!image) {
      image = this.embed(dataUrl);
      this.images.set(dataUrl, image);
    }
    return image;
  }

  private async embed(dataUrl: string): Promise<EmbeddedImage> {
    const match = PNG_DATA_URL.exec(dataUrl);
    const bytes = match ? Buffer.from(match[1]!, 'base64') : undefined;
    if (!bytes?.subarray(0, 8).equals(PNG_SIGNATURE)) {
      throw new PdfEngineError(
        'invalid-argument',
        'a drawn signature must be a data:image/png;base64 URL of a PNG',
      );
    }
    try {
      return embedPngNatively(this.doc.context, bytes) ?? (await this.doc.embedPng(bytes));
    } catch (error) {
      throw new PdfEngineError('invalid-argument', 'a drawn signature is not a readable PNG', {
        cause: error,
      });
    }
  }
}

/**
 * Throws PdfEngineError('invalid-argument') unless a drawn signature will embed at completion: the same path
 * ImageBook takes, on a scratch document. For the signer's request, so a bad image is refused while they are
 * there rather than failing the completion later.
 */
export async function checkDrawnSignature(dataUrl: string): Promise<void> {
  await new ImageBook(await PDFDocument.create()).png(dataUrl);
  const bytes = Buffer.from(PNG_DATA_URL.exec(dataUrl)![1]!, 'base64');
  if (!pngHasEveryRow(bytes)) {
    throw new PdfEngineError(
      'invalid-argument',
      'a drawn signature is not a readable PNG (its pixel data is short)',
    );
  }
}
