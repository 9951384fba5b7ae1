/**
 * Works around a subsetting bug of @pdf-lib/fontkit (fixed upstream in fontkit 1.8, never in the
 * fork pdf-lib uses): a subset's `loca` is written in the short format, which halves offsets,
 * without padding glyph records to an even length, so after the first odd-length record every
 * glyph points one byte off and renders blank. Fonts with a short `loca` never have odd records;
 * fonts with a long one (Noto Sans has 1,323) get their records padded here, once, before fontkit
 * reads them.
 */

interface Table {
  tag: string;
  data: Buffer;
}

function readTables(font: Buffer): Table[] {
  const count = font.readUInt16BE(4);
  const tables: Table[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const offset = font.readUInt32BE(at + 8);
    const length = font.readUInt32BE(at + 12);
    tables.push({ tag: font.toString('latin1', at, at + 4), data: font.subarray(offset, offset + length) });
  }
  return tables;
}

function checksum(data: Buffer): number {
  const padded = data.length % 4 === 0 ? data : Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

function writeFont(sfntVersion: number, tables: Table[]): Buffer {
  const header = Buffer.alloc(12 + 16 * tables.length);
  header.writeUInt32BE(sfntVersion, 0);
  header.writeUInt16BE(tables.length, 4);
  const power = 2 ** Math.floor(Math.log2(tables.length));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tables.length * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  sorted.forEach((table, i) => {
    const at = 12 + 16 * i;
    header.write(table.tag, at, 4, 'latin1');
    header.writeUInt32BE(checksum(table.data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  const font = Buffer.concat(parts);
  const head = sorted.find((t) => t.tag === 'head');
  if (head) {
    const headOffset = header.readUInt32BE(12 + 16 * sorted.indexOf(head) + 8);
    font.writeUInt32BE(0, headOffset + 8);
    font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  }
  return font;
}

/** The same TrueType font with every glyph record of even length (the input when already so). */
export function padGlyphRecords(bytes: Uint8Array): Uint8Array {
  const font = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const tables = readTables(font);
  const find = (tag: string) => tables.find((t) => t.tag === tag);
  const head = find('head');
  const maxp = find('maxp');
  const loca = find('loca');
  const glyf = find('glyf');
  if (!head || !maxp || !loca || !glyf) return bytes; // not TrueType outlines
  const long = head.data.readInt16BE(50) === 1;
  const glyphs = maxp.data.readUInt16BE(4);
  const offsets = Array.from({ length: glyphs + 1 }, (_, i) =>
    long ? loca.data.readUInt32BE(4 * i) : 2 * loca.data.readUInt16BE(2 * i),
  );
  if (offsets.every((offset) => offset % 2 === 0)) return bytes;

  const records: Buffer[] = [];
  const newLoca = Buffer.alloc(4 * (glyphs + 1));
  let at = 0;
  for (let i = 0; i < glyphs; i++) {
    const record = glyf.data.subarray(offsets[i], offsets[i + 1]);
    newLoca.writeUInt32BE(at, 4 * i);
    records.push(record);
    at += record.length;
    if (record.length % 2 === 1) {
      records.push(Buffer.alloc(1));
      at += 1;
    }
  }
  newLoca.writeUInt32BE(at, 4 * glyphs);
  const newHead = Buffer.from(head.data);
  newHead.writeInt16BE(1, 50);
  const replaced: Record<string, Buffer> = { head: newHead, loca: newLoca, glyf: Buffer.concat(records) };
  return writeFont(
    font.readUInt32BE(0),
    tables.map((t) => ({ tag: t.tag, data: replaced[t.tag] ?? t.data })),
  );
}
