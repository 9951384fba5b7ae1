/** Hand-built PDFs for hostile-input tests: exact control over every byte pdf-lib would tidy up. */
export type ObjectBody = string | Uint8Array | (string | Uint8Array)[];

const enc = new TextEncoder();

function bytesOf(part: string | Uint8Array): Uint8Array {
  return typeof part === 'string' ? enc.encode(part) : part;
}

export interface RawPdfOptions {
  /** Extra entries for the trailer dictionary, e.g. '/Info 5 0 R'. */
  trailer?: string;
  /** Make the xref's /Prev point at the xref itself. */
  selfPrev?: boolean;
  /** Add this to the `startxref` offset (past the end of the file when large). */
  startxrefShift?: number;
  /** Add this to every object offset in the xref table. */
  objectOffsetShift?: number;
}

/** Objects are numbered from 1 in order; object 1 must be the catalog. */
export function rawPdf(objects: ObjectBody[], options: RawPdfOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [bytesOf('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n')];
  let length = parts[0]!.length;
  const push = (part: string | Uint8Array) => {
    const b = bytesOf(part);
    parts.push(b);
    length += b.length;
  };
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    for (const part of Array.isArray(body) ? body : [body]) push(part);
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets)
    push(`${String(offset + (options.objectOffsetShift ?? 0)).padStart(10, '0')} 00000 n \n`);
  const prev = options.selfPrev ? ` /Prev ${xref}` : '';
  push(
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${prev} ${options.trailer ?? ''} >>\nstartxref\n${xref + (options.startxrefShift ?? 0)}\n%%EOF\n`,
  );
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A stream object body with the right /Length. */
export function stream(dict: string, data: Uint8Array | string): (string | Uint8Array)[] {
  const bytes = bytesOf(data);
  return [`<< ${dict} /Length ${bytes.length} >>\nstream\n`, bytes, '\nendstream'];
}

/** Catalog, page tree and one letter page showing `content`: the smallest valid document. */
export function onePage(content = 'BT /F1 12 Tf 72 720 Td (Hello) Tj ET', catalogExtra = ''): ObjectBody[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('', content),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
}

/**
 * A zlib stream that inflates to `megabytes` MB of spaces, built in milliseconds: one 1 MB chunk
 * is deflated on its own (ending in a full flush, so it stands alone), repeated, then closed with
 * a final empty block and the Adler-32 of the whole output.
 */
export function deflateBomb(megabytes: number): Uint8Array {
  const { constants, deflateRawSync } = process.getBuiltinModule('node:zlib');
  const MB = 1 << 20;
  const chunk = deflateRawSync(Buffer.alloc(MB, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  const n = BigInt(megabytes) * BigInt(MB);
  const mod = 65521n;
  const a = (1n + 32n * n) % mod;
  const b = (n + (32n * n * (n + 1n)) / 2n) % mod;
  const adler = Number((b << 16n) | a);
  const out = new Uint8Array(2 + chunk.length * megabytes + last.length + 4);
  out.set([0x78, 0xda], 0);
  for (let i = 0; i < megabytes; i++) out.set(chunk, 2 + i * chunk.length);
  const tail = 2 + chunk.length * megabytes;
  out.set(last, tail);
  new DataView(out.buffer).setUint32(tail + last.length, adler >>> 0);
  return out;
}
