/** Reading and writing the table directory of a TrueType (sfnt) font file. */

export interface Table {
  tag: string;
  data: Buffer;
}

export function readTables(font: Buffer): Table[] {
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

export function writeFont(sfntVersion: number, tables: Table[]): Buffer {
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
