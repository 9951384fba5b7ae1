/**
 * Finds compression bombs before pdf.js meets them: every stream whose first filter is
 * FlateDecode and whose compressed size could expand past the limit (deflate cannot beat
 * about 1:1032) is inflated natively, counting bytes and stopping at the limit.
 */
import { createInflate } from 'node:zlib';
import type { PDFDocument, PDFRawStream } from 'pdf-lib';
import { pdfLib } from './pdf-lib-bundle.ts';

const { PDFArray, PDFName } = pdfLib;

const MAX_DEFLATE_RATIO = 1100;

export async function hasOversizedFlateStream(doc: PDFDocument, limitBytes: number): Promise<boolean> {
  const minCompressed = Math.floor(limitBytes / MAX_DEFLATE_RATIO);
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof pdfLib.PDFRawStream) || obj.contents.length < minCompressed) continue;
    if (!firstFilterIsFlate(obj)) continue;
    if (await inflatesPast(obj.contents, limitBytes)) return true;
  }
  return false;
}

function firstFilterIsFlate(stream: PDFRawStream): boolean {
  try {
    const filter = stream.dict.lookup(PDFName.of('Filter'));
    const first = filter instanceof PDFArray ? filter.lookup(0) : filter;
    return first instanceof PDFName && ['FlateDecode', 'Fl'].includes(first.decodeText());
  } catch {
    return false;
  }
}

function inflatesPast(data: Uint8Array, limitBytes: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limitBytes) settle(true);
    });
    inflate.on('end', () => settle(false));
    // A damaged stream is pdf.js's business; only its size matters here.
    inflate.on('error', () => settle(total > limitBytes));
    inflate.end(data);
  });
}
