import { readTables, type Table, writeFont } from './sfnt.ts';

// Tables a PDF viewer reads from an embedded CIDFontType2 (glyph ids come from the content
// stream, so no cmap): outlines, metrics and the hinting programs.
const KEPT = new Set(['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf', 'cvt ', 'fpgm', 'prep', 'OS/2']);

/**
 * A subset of a TrueType font that keeps glyph ids (so the PDF's glyph ids are the font's):
 * the outlines of `used` glyphs and of the glyphs they are composed of; every other glyph
 * record is empty and its metrics zero, which compresses to almost nothing.
 */
export function subsetFont(bytes: Buffer, used: Iterable<number>): Buffer {
  const tables = readTables(bytes);
  const find = (tag: string) => tables.find((t) => t.tag === tag)!;
  const head = find('head').data;
  const glyphCount = find('maxp').data.readUInt16BE(4);
  const long = head.readInt16BE(50) === 1;
  const loca = find('loca').data;
  const glyf = find('glyf').data;
  const offset = (gid: number) => (long ? loca.readUInt32BE(4 * gid) : 2 * loca.readUInt16BE(2 * gid));
  const record = (gid: number) => glyf.subarray(offset(gid), offset(gid + 1));

  const keep = new Set<number>([0]);
  const queue = [...used].filter((gid) => gid >= 0 && gid < glyphCount);
  while (queue.length > 0) {
    const gid = queue.pop()!;
    if (keep.has(gid) && gid !== 0) continue;
    keep.add(gid);
    for (const component of components(record(gid))) if (!keep.has(component)) queue.push(component);
  }

  const newLoca = Buffer.alloc(4 * (glyphCount + 1));
  const records: Buffer[] = [];
  let at = 0;
  for (let gid = 0; gid < glyphCount; gid++) {
    newLoca.writeUInt32BE(at, 4 * gid);
    if (!keep.has(gid)) continue;
    const data = record(gid);
    records.push(data);
    at += data.length;
    if (data.length % 4 !== 0) {
      records.push(Buffer.alloc(4 - (data.length % 4)));
      at += 4 - (data.length % 4);
    }
  }
  newLoca.writeUInt32BE(at, 4 * glyphCount);

  const hmtx = Buffer.from(find('hmtx').data);
  const metrics = find('hhea').data.readUInt16BE(34);
  for (let gid = 0; gid < glyphCount; gid++) {
    if (keep.has(gid)) continue;
    if (gid < metrics) hmtx.fill(0, 4 * gid, 4 * gid + 4);
    else hmtx.fill(0, 4 * metrics + 2 * (gid - metrics), 4 * metrics + 2 * (gid - metrics) + 2);
  }
  const newHead = Buffer.from(head);
  newHead.writeInt16BE(1, 50);
  const replaced: Record<string, Buffer> = {
    head: newHead,
    loca: newLoca,
    glyf: Buffer.concat(records),
    hmtx,
  };
  const kept: Table[] = tables
    .filter((t) => KEPT.has(t.tag))
    .map((t) => ({ tag: t.tag, data: replaced[t.tag] ?? t.data }));
  return writeFont(bytes.readUInt32BE(0), kept);
}

/** The glyph ids a composite glyph record is built from (none for a simple glyph). */
function components(data: Buffer): number[] {
  if (data.length < 10 || data.readInt16BE(0) >= 0) return [];
  const ids: number[] = [];
  let at = 10;
  for (;;) {
    const flags = data.readUInt16BE(at);
    ids.push(data.readUInt16BE(at + 2));
    at += 4 + (flags & 0x1 ? 4 : 2);
    if (flags & 0x8) at += 2;
    else if (flags & 0x40) at += 4;
    else if (flags & 0x80) at += 8;
    if (!(flags & 0x20) || at + 4 > data.length) return ids;
  }
}
