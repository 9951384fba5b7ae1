/** What pdf-lib (our stamper) can tell about a file: it must be able to rewrite it later. */
import type { PDFDocument, PDFArray as PdfArray } from 'pdf-lib';
import type { PdfBox } from '../../geometry/types.ts';
import { pdfLib } from './pdf-lib-bundle.ts';

const { ParseSpeeds, PDFArray, PDFDict, PDFName, PDFNumber, PDFStream } = pdfLib;

/** Stream filters defined by ISO 32000 (plus the abbreviations readers accept for them). */
const STANDARD_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'LZWDecode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'JBIG2Decode',
  'DCTDecode',
  'JPXDecode',
  'Crypt',
  'AHx',
  'A85',
  'LZW',
  'Fl',
  'RL',
  'CCF',
  'DCT',
]);

export async function loadWithPdfLib(bytes: Uint8Array): Promise<{ doc?: PDFDocument; error?: unknown }> {
  try {
    const doc = await pdfLib.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    return { doc };
  } catch (error) {
    return { error };
  }
}

export function acroFormHasXfa(doc: PDFDocument): boolean {
  try {
    const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
    return acroForm?.has(PDFName.of('XFA')) ?? false;
  } catch {
    return false;
  }
}

/** The first stream filter outside ISO 32000, if any. */
export function nonStandardFilter(doc: PDFDocument): string | undefined {
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFStream)) continue;
    let filter: unknown;
    try {
      filter = obj.dict.lookup(PDFName.of('Filter'));
    } catch {
      continue;
    }
    const names = filter instanceof PDFArray ? filter.asArray() : [filter];
    for (const name of names) {
      if (name instanceof PDFName) {
        const decoded = name.decodeText();
        if (!STANDARD_FILTERS.has(decoded)) return decoded;
      }
    }
  }
  return undefined;
}

/** The /Count the root page node declares, read without walking the tree. */
export function declaredPageCount(doc: PDFDocument): number | null {
  try {
    const count = doc.catalog.Pages().lookup(PDFName.of('Count'));
    return count instanceof PDFNumber ? count.asNumber() : null;
  } catch {
    return null;
  }
}

/** The pages pdf-lib finds by walking the page tree (what it would stamp). */
export function pageCountOrNull(doc: PDFDocument): number | null {
  try {
    return doc.getPageCount();
  } catch {
    return null;
  }
}

/** Media box of each page in user space, normalized; null where pdf-lib cannot read one. */
export function mediaBoxes(doc: PDFDocument): (PdfBox | null)[] {
  return doc.getPages().map((page) => {
    try {
      const { x, y, width, height } = page.getMediaBox();
      const box: PdfBox = [
        Math.min(x, x + width),
        Math.min(y, y + height),
        Math.max(x, x + width),
        Math.max(y, y + height),
      ];
      return box.every(Number.isFinite) ? box : null;
    } catch {
      return null;
    }
  });
}

/** Annotations that show nothing by themselves. */
const INVISIBLE_ANNOTATIONS = new Set(['Link', 'Popup']);
const HIDDEN_FLAGS = 0b10 | 0b100000; // Hidden, NoView

/**
 * Rectangles (user space) of the visible annotations of each page, such as form widgets and
 * stamps. Read with pdf-lib: pdf.js's getAnnotations also extracts the text under every link.
 */
export function annotationBoxes(doc: PDFDocument): PdfBox[][] {
  return doc.getPages().map((page) => {
    const boxes: PdfBox[] = [];
    let annots: PdfArray | undefined;
    try {
      annots = page.node.Annots();
    } catch {
      return boxes;
    }
    for (let i = 0; annots && i < annots.size(); i++) {
      try {
        const annot = annots.lookup(i);
        if (!(annot instanceof PDFDict)) continue;
        const subtype = annot.lookup(PDFName.of('Subtype'));
        if (subtype instanceof PDFName && INVISIBLE_ANNOTATIONS.has(subtype.decodeText())) continue;
        const flags = annot.lookup(PDFName.of('F'));
        if (flags instanceof PDFNumber && flags.asNumber() & HIDDEN_FLAGS) continue;
        const rect = annot.lookup(PDFName.of('Rect'));
        if (!(rect instanceof PDFArray) || rect.size() < 4) continue;
        const v = [0, 1, 2, 3].map((k) => {
          const n = rect.lookup(k);
          return n instanceof PDFNumber ? n.asNumber() : Number.NaN;
        }) as [number, number, number, number];
        if (!v.every(Number.isFinite)) continue;
        boxes.push([Math.min(v[0], v[2]), Math.min(v[1], v[3]), Math.max(v[0], v[2]), Math.max(v[1], v[3])]);
      } catch {
        // A broken annotation is not content we can place around.
      }
    }
    return boxes;
  });
}
