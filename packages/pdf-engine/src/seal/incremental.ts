/**
 * Incremental updates (ISO 32000-1, 7.5.6): new and changed objects appended after the
 * existing bytes, with a cross-reference section that points back to the previous one. The
 * bytes before the update stay exactly as they were, so a hash of them still holds and an
 * earlier signature stays valid. pdf-lib 1.17 only writes whole files, so this writes the
 * tail itself from pdf-lib's objects.
 */
import { type PDFContext, PDFCrossRefStream, type PDFObject, PDFRef } from 'pdf-lib';

/** The last cross-reference section of a file: where it starts, its kind and the /Size it declares. */
export interface XrefTail {
  offset: number;
  kind: 'table' | 'stream';
  size: number;
}

const latin1 = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(
    bytes.buffer,
    bytes.byteOffset + start,
    Math.max(0, Math.min(end, bytes.length) - start),
  ).toString('latin1');

/** Reads the final startxref and the section it points to; null when they do not match (a damaged file). */
export function readXrefTail(bytes: Uint8Array): XrefTail | null {
  const tailStart = Math.max(0, bytes.length - 1024);
  const tail = latin1(bytes, tailStart, bytes.length);
  const at = tail.lastIndexOf('startxref');
  const match = at < 0 ? null : /^startxref\s+(\d+)/.exec(tail.slice(at));
  if (!match) return null;
  const offset = Number(match[1]);
  if (!Number.isSafeInteger(offset) || offset >= bytes.length) return null;
  const head = latin1(bytes, offset, offset + 32);
  if (/^xref\s/.test(head)) {
    const trailerAt = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(
      'trailer',
      offset,
      'latin1',
    );
    const size = trailerAt < 0 ? null : /\/Size\s+(\d+)/.exec(latin1(bytes, trailerAt, trailerAt + 4096));
    return size ? { offset, kind: 'table', size: Number(size[1]) } : null;
  }
  if (/^\d+\s+\d+\s+obj/.test(head)) {
    const dict = latin1(bytes, offset, offset + 4096).split('stream')[0] ?? '';
    const size = /\/Type\s*\/XRef/.test(dict) ? /\/Size\s+(\d+)/.exec(dict) : null;
    return size ? { offset, kind: 'stream', size: Number(size[1]) } : null;
  }
  return null;
}

/** Makes the context hand out object numbers above every number the file already uses. */
export function reserveObjectNumbers(context: PDFContext, tail: XrefTail): void {
  context.largestObjectNumber = Math.max(context.largestObjectNumber, tail.size - 1);
}

function indirectObject(ref: PDFRef, object: PDFObject): Buffer {
  const head = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
  const body = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(body, 0);
  return Buffer.concat([Buffer.from(head, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
}

function serialize(object: PDFObject): string {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return Buffer.from(bytes).toString('latin1');
}

/**
 * `base` followed by an update holding `refs` (new or changed objects of `context`) and a
 * cross-reference section of the same kind as the previous one, chained with /Prev.
 */
export function appendIncrement(
  base: Uint8Array,
  context: PDFContext,
  refs: Iterable<PDFRef>,
  tail: XrefTail,
): Buffer {
  const sorted = [...new Set(refs)].sort(
    (a, b) => a.objectNumber - b.objectNumber || a.generationNumber - b.generationNumber,
  );
  const chunks: Buffer[] = [];
  let offset = base.length;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  const last = base[base.length - 1];
  if (last !== 0x0a && last !== 0x0d) push(Buffer.from('\n'));

  const entries: { ref: PDFRef; offset: number }[] = [];
  for (const ref of sorted) {
    const object = context.lookup(ref);
    if (!object) continue;
    entries.push({ ref, offset });
    push(indirectObject(ref, object));
  }

  const { Root, Info, ID } = context.trailerInfo;
  let size = Math.max(tail.size, context.largestObjectNumber + 1);
  const xrefOffset = offset;
  if (tail.kind === 'stream') {
    const xrefRef = PDFRef.of(size);
    size += 1;
    context.largestObjectNumber = Math.max(context.largestObjectNumber, xrefRef.objectNumber);
    const xref = PDFCrossRefStream.create(context.obj({ Size: size, Root, Info, ID, Prev: tail.offset }));
    for (const entry of entries) xref.addUncompressedEntry(entry.ref, entry.offset);
    xref.addUncompressedEntry(xrefRef, xrefOffset);
    push(indirectObject(xrefRef, xref));
  } else {
    let table = 'xref\n';
    for (let i = 0; i < entries.length; ) {
      let j = i + 1;
      while (j < entries.length && entries[j]!.ref.objectNumber === entries[j - 1]!.ref.objectNumber + 1) j++;
      table += `${entries[i]!.ref.objectNumber} ${j - i}\n`;
      for (const { ref, offset: at } of entries.slice(i, j)) {
        table += `${String(at).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n\r\n`;
      }
      i = j;
    }
    const trailer = context.obj({ Size: size, Root, Info, ID, Prev: tail.offset });
    push(Buffer.from(`${table}trailer\n${serialize(trailer)}\n`, 'latin1'));
  }
  push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat([base, ...chunks]);
}

/** Every indirect object as it is now, to find later which ones were replaced or added. */
export function snapshotObjects(context: PDFContext): Map<PDFRef, PDFObject> {
  return new Map(context.enumerateIndirectObjects());
}

/** Objects added since the snapshot, or assigned anew (pdf-lib re-embeds fonts that way). */
export function objectsChangedSince(context: PDFContext, snapshot: Map<PDFRef, PDFObject>): PDFRef[] {
  return context
    .enumerateIndirectObjects()
    .filter(([ref, object]) => snapshot.get(ref) !== object)
    .map(([ref]) => ref);
}
