import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFArray, type PDFDocument, PDFNumber, type PDFRef, PDFString } from 'pdf-lib';
import type { FontId, LoadedFont } from './font-files.ts';
import { subsetFont } from './subset.ts';

/** One font of one document: the glyphs it shows and the text each stands for. */
export class DocumentFont {
  readonly ref: PDFRef;
  /** Glyph id -> the text it was first used for (the ToUnicode map); '' when it stands for none. */
  readonly glyphs = new Map<number, string>();

  constructor(
    readonly font: LoadedFont,
    doc: PDFDocument,
  ) {
    this.ref = doc.context.nextRef();
  }

  use(gid: number, text: string): void {
    const known = this.glyphs.get(gid);
    if (known === undefined || (known === '' && text)) this.glyphs.set(gid, text);
  }
}

/**
 * The fonts one document embeds: each a Type0 font with Identity-H encoding, so glyph ids go
 * straight into the content stream (shaped text needs glyphs, not characters), subset to the
 * glyphs used and with a ToUnicode map. Everything is per document: a new instance per PDF.
 */
export class PdfFonts {
  private readonly fonts = new Map<FontId, DocumentFont>();
  private finished = false;

  constructor(private readonly doc: PDFDocument) {}

  of(font: LoadedFont): DocumentFont {
    if (this.finished) throw new Error('PdfFonts: a font was used after the document fonts were written');
    let entry = this.fonts.get(font.id);
    if (!entry) {
      entry = new DocumentFont(font, this.doc);
      this.fonts.set(font.id, entry);
    }
    return entry;
  }

  /** Writes every font used (call once, after the last text is drawn). */
  finish(): void {
    this.finished = true;
    for (const entry of this.fonts.values()) this.write(entry);
  }

  private write(entry: DocumentFont): void {
    const { context } = this.doc;
    const { font } = entry;
    const gids = [...entry.glyphs.keys()].sort((a, b) => a - b);
    const program = subsetFont(font.bytes, gids);
    const tag = subsetTag(font.id, gids);
    const baseFont = `${tag}+${font.postScriptName}`;
    const scale = 1000 / font.upem;

    const file = context.stream(deflateSync(program), { Filter: 'FlateDecode', Length1: program.length });
    const head = readHead(font.bytes);
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: baseFont,
      Flags: 4,
      FontBBox: head.bbox.map((v) => Math.round(v * scale)),
      ItalicAngle: 0,
      Ascent: Math.round(font.ascender * scale),
      Descent: Math.round(font.descender * scale),
      CapHeight: Math.round(font.ascender * scale),
      StemV: 80,
      FontFile2: context.register(file),
    });
    const widths: (number | number[])[] = [];
    for (const gid of gids) widths.push(gid, [Math.round(font.advance(gid) * scale)]);
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: widthsArray(this.doc, widths),
      CIDToGIDMap: 'Identity',
    });
    const toUnicode = context.stream(deflateSync(Buffer.from(toUnicodeCMap(entry.glyphs), 'latin1')), {
      Filter: 'FlateDecode',
    });
    context.assign(
      entry.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [context.register(cidFont)],
        ToUnicode: context.register(toUnicode),
      }),
    );
  }
}

function widthsArray(doc: PDFDocument, widths: (number | number[])[]): PDFArray {
  const array = PDFArray.withContext(doc.context);
  for (const item of widths) {
    if (typeof item === 'number') array.push(PDFNumber.of(item));
    else array.push(doc.context.obj(item.map((n) => PDFNumber.of(n))));
  }
  return array;
}

/** Six capitals from the font and its glyphs, as PDF wants for a subset's name. */
function subsetTag(id: string, gids: number[]): string {
  const digest = createHash('sha256')
    .update(`${id}:${gids.join(',')}`)
    .digest();
  return Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

function readHead(bytes: Buffer): { bbox: number[] } {
  const count = bytes.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    if (bytes.toString('latin1', at, at + 4) !== 'head') continue;
    const offset = bytes.readUInt32BE(at + 8);
    return { bbox: [0, 2, 4, 6].map((k) => bytes.readInt16BE(offset + 36 + k)) };
  }
  return { bbox: [0, 0, 1000, 1000] };
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const utf16Hex = (text: string) =>
  Array.from({ length: text.length }, (_, i) => hex4(text.charCodeAt(i))).join('');

/** A ToUnicode CMap from glyph ids (2-byte codes) to the text each was used for. */
function toUnicodeCMap(glyphs: Map<number, string>): string {
  const entries = [...glyphs].filter(([, text]) => text !== '').sort(([a], [b]) => a - b);
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    chunks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([gid, text]) => `<${hex4(gid)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
