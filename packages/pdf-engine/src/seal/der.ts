/**
 * Minimal DER encoding, enough to build a CMS SignedData. Writing bytes directly keeps the
 * structure exact (what is hashed is what is embedded) and avoids binary-string round trips.
 */

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

export const sequence = (...parts: Uint8Array[]): Buffer => tlv(0x30, ...parts);

/** SET OF: DER wants the elements sorted by their encodings. */
export function setOf(...parts: Buffer[]): Buffer {
  return tlv(0x31, ...[...parts].sort(Buffer.compare));
}

export const octetString = (bytes: Uint8Array): Buffer => tlv(0x04, bytes);

export const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);

export function smallInteger(value: number): Buffer {
  if (!Number.isInteger(value) || value < 0 || value > 127)
    throw new RangeError(`small integer expected: ${value}`);
  return Buffer.from([0x02, 0x01, value]);
}

/** [n] EXPLICIT (constructed, context-specific). */
export const explicit = (n: number, ...parts: Uint8Array[]): Buffer => tlv(0xa0 | n, ...parts);

export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  const body: number[] = [40 * first + second];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift((n & 0x7f) | 0x80);
    body.push(...chunk);
  }
  return tlv(0x06, Buffer.from(body));
}

/** The same element with another tag byte (for IMPLICIT tagging of an encoded element). */
export function retag(element: Buffer, tag: number): Buffer {
  const copy = Buffer.from(element);
  copy[0] = tag;
  return copy;
}
