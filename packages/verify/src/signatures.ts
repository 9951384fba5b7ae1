/** Every signature dictionary of a PDF found by its /ByteRange and <hex> /Contents, in file order. */
export interface PdfSignature {
  range: [number, number, number, number];
  /** Offset of its /ByteRange in the file. */
  at: number;
  /** The decoded /Contents (a CMS, or a time-stamp token; zero-padded). */
  contents: Buffer;
  /** /SubFilter, e.g. ETSI.CAdES.detached, or ETSI.RFC3161 for a document time-stamp. */
  subFilter: string | null;
  /** The dictionary's text around /ByteRange and /Contents (keys may sit before or after them). */
  dictionary: string;
}

const latin1 = (b: Buffer, start = 0, end = b.length) => b.toString('latin1', start, end);

export function pdfSignatures(pdf: Buffer): PdfSignature[] {
  const text = latin1(pdf);
  const pattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  const found: PdfSignature[] = [];
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const range = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    const [a, b, c] = range;
    if (a !== 0 || b <= 0 || c <= b || c > pdf.length) continue;
    const hex = /^<([0-9A-Fa-f]*)>$/.exec(latin1(pdf, b, c).trim())?.[1];
    if (!hex) continue;
    const before = text.slice(Math.max(0, m.index - 4096), m.index);
    const objectStart = before.lastIndexOf(' obj');
    const endObject = text.indexOf('endobj', c);
    const dictionary = `${objectStart < 0 ? before : before.slice(objectStart)} ${text.slice(c, endObject < 0 ? c + 4096 : Math.min(endObject, c + 4096))}`;
    const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(dictionary)?.[1] ?? null;
    found.push({ range, at: m.index, contents: Buffer.from(hex, 'hex'), subFilter, dictionary });
  }
  return found;
}

/** A document time-stamp (ISO 32000-2 12.8.5): its /Contents is an RFC 3161 token over its byte range. */
export const isDocumentTimestamp = (sig: PdfSignature): boolean => sig.subFilter === 'ETSI.RFC3161';
