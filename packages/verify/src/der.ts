/** A minimal DER reader: enough to walk a CMS SignedData (tag, header length, content bounds). */
export interface DerNode {
  tag: number;
  /** Offset of the tag byte, of the content, and one past the end, within the buffer. */
  start: number;
  contentStart: number;
  end: number;
  bytes: Buffer;
}

export function readDer(bytes: Buffer, at = 0): DerNode {
  const tag = bytes[at];
  if (tag === undefined) throw new Error('DER: unexpected end');
  let length = bytes[at + 1] ?? 0;
  let header = 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n === 0 || n > 4) throw new Error('DER: unsupported length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + (bytes[at + 2 + i] ?? 0);
    header += n;
  }
  const end = at + header + length;
  if (end > bytes.length) throw new Error('DER: length beyond the data');
  return { tag, start: at, contentStart: at + header, end, bytes };
}

/** The children of a constructed element. */
export function children(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  for (let at = node.contentStart; at < node.end; ) {
    const child = readDer(node.bytes, at);
    out.push(child);
    at = child.end;
  }
  return out;
}

export const whole = (node: DerNode): Buffer => node.bytes.subarray(node.start, node.end);
export const content = (node: DerNode): Buffer => node.bytes.subarray(node.contentStart, node.end);

export function oidText(node: DerNode): string {
  const b = content(node);
  const arcs = [Math.floor((b[0] ?? 0) / 40), (b[0] ?? 0) % 40];
  let value = 0;
  for (const byte of b.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}
