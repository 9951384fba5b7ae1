import { inflateSync } from 'node:zlib';
import type { PdfSignature } from './signatures.ts';

/**
 * What follows the sealed revision. Only the long-term validation update may (docs/evidence.md, "Trusted
 * time"): the DSS with its certificate and revocation streams, a document time-stamp field off the pages, the
 * AcroForm listing it and the catalog pointing at the DSS, otherwise unchanged; and a document time-stamp must
 * cover all of it to the end of the file. Anything else (a page, content, an action, an object stream) was
 * added after sealing, and is named.
 */
export function checkAppended(
  pdf: Buffer,
  sealEnd: number,
  documentTimestamps: PdfSignature[],
): { ok: boolean; detail: string } {
  const rest = pdf.length - sealEnd;
  if (rest === 0 || /^[\s\0]*$/.test(latin1(pdf, sealEnd))) {
    return { ok: true, detail: 'the seal covers the whole file but its own signature value' };
  }
  const last = documentTimestamps.at(-1);
  if (!last) {
    return {
      ok: false,
      detail: `${rest} bytes were appended after the sealed revision (an incremental update after sealing)`,
    };
  }
  const coveredTo = last.range[2] + last.range[3];
  if (coveredTo !== pdf.length && !/^[\s\0]*$/.test(latin1(pdf, coveredTo))) {
    return {
      ok: false,
      detail: `${pdf.length - coveredTo} bytes were appended after the document time-stamp`,
    };
  }
  const holes = documentTimestamps.map((s) => [s.range[1], s.range[2]] as const);
  const problems = objectsIn(pdf, sealEnd, holes).flatMap((object) => {
    const why = disallowed(pdf, sealEnd, object);
    return why ? [`object ${object.num} (${why})`] : [];
  });
  if (problems.length > 0) {
    return {
      ok: false,
      detail: `added or changed after sealing, beyond validation data: ${problems.slice(0, 5).join('; ')}`,
    };
  }
  return {
    ok: true,
    detail: `after the sealed revision only validation data (DSS) and a document time-stamp were appended (${rest} bytes), covered by that time-stamp to the end of the file`,
  };
}

const latin1 = (b: Buffer, start = 0, end = b.length) => b.toString('latin1', start, end);

export interface PdfObject {
  num: number;
  /** Offset of its `N G obj` header. */
  at: number;
  /** The object's text up to `stream` or `endobj` (its dictionary, or its value). */
  body: string;
  stream: Buffer | null;
}

/** The indirect objects written in `pdf` from `from` on, skipping the given byte holes (signature values). */
export function objectsIn(
  pdf: Buffer,
  from: number,
  holes: readonly (readonly [number, number])[],
): PdfObject[] {
  const text = latin1(pdf);
  const header = /(\d+)\s+(\d+)\s+obj\b/g;
  const objects: PdfObject[] = [];
  header.lastIndex = from;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const start = m.index + m[0].length;
    let end = text.indexOf('endobj', start);
    for (const [b, c] of holes) if (b >= start && b < end) end = text.indexOf('endobj', c);
    if (end < 0) break;
    const body = text.slice(start, end);
    const streamAt = /\bstream\r?\n/.exec(body);
    let stream: Buffer | null = null;
    let dictionary = body;
    if (streamAt) {
      dictionary = body.slice(0, streamAt.index);
      const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1] ?? Number.NaN);
      const dataAt = start + streamAt.index + streamAt[0].length;
      stream = Number.isFinite(length) ? pdf.subarray(dataAt, dataAt + length) : null;
      end = Math.max(end, text.indexOf('endobj', dataAt + (Number.isFinite(length) ? length : 0)));
    }
    objects.push({ num: Number(m[1]), at: m.index, body: dictionary, stream });
    header.lastIndex = end + 'endobj'.length;
  }
  return objects;
}

const ref = (body: string, key: string) => new RegExp(`/${key}\\s*(\\d+)\\s+\\d+\\s+R`).exec(body)?.[1];
const normal = (body: string) =>
  body
    .replace(/\s+/g, ' ')
    .replace(/\s*([[\]<>/()])\s*/g, '$1')
    .trim();

/** Why an object of the update is not validation data; null when it is. */
function disallowed(pdf: Buffer, sealEnd: number, object: PdfObject): string | null {
  const { body } = object;
  const type = /\/Type\s*\/(\w+)/.exec(body)?.[1];
  const listedInDss = [...latin1(pdf, sealEnd).matchAll(/\/(?:Certs|CRLs|OCSPs)\s*\[([^\]]*)\]/g)].some((m) =>
    new RegExp(`(^|\\s)${object.num}\\s+0\\s+R`).test(m[1] ?? ''),
  );
  if (type === 'XRef') return null;
  if (type === 'DSS') return null;
  if (type === 'DocTimeStamp')
    return /\/SubFilter\s*\/ETSI\.RFC3161/.test(body) ? null : 'a time-stamp without ETSI.RFC3161';
  if (type === 'Catalog') {
    const before = objectBefore(pdf, sealEnd, object.num);
    if (before === null) return 'a catalog that replaces none';
    return normal(body.replace(/\/DSS\s*\d+\s+\d+\s+R/, '')) === normal(before)
      ? null
      : 'the catalog changed beyond the DSS';
  }
  if (/\/Subtype\s*\/Widget/.test(body)) {
    const value = ref(body, 'V');
    const target = value ? objectsIn(pdf, sealEnd, []).find((o) => String(o.num) === value) : undefined;
    const hidden = /\/Rect\s*\[\s*0\s+0\s+0\s+0\s*\]/.test(body) && !/\/P\s*\d+\s+\d+\s+R/.test(body);
    return target && /\/Type\s*\/DocTimeStamp/.test(target.body) && hidden
      ? null
      : 'an annotation other than a hidden document time-stamp field';
  }
  if (object.stream !== null) {
    // Certificates, CRLs and OCSP responses listed by the DSS; the empty appearance of the time-stamp widget.
    if (listedInDss) return null;
    if (/\/Subtype\s*\/Form/.test(body) && decodedStream(object)?.length === 0) return null;
    return `a stream${type ? ` of type /${type}` : ''} that is not validation data`;
  }
  if (/\/Fields\s*\[/.test(body)) {
    const before = objectBefore(pdf, sealEnd, object.num);
    const fields = (b: string) => /\/Fields\s*\[([^\]]*)\]/.exec(b)?.[1]?.match(/\d+\s+\d+\s+R/g) ?? [];
    const rest = (b: string) => normal(b.replace(/\/Fields\s*\[[^\]]*\]/, ''));
    if (before === null) return 'a form that replaces none';
    const added = fields(body).slice(fields(before).length);
    const kept = fields(body).slice(0, fields(before).length).join() === fields(before).join();
    return kept && rest(body) === rest(before) && added.length === 1
      ? null
      : 'the form changed beyond one new field';
  }
  return type ? `a /${type}` : 'an object that is not validation data';
}

/** A stream's data, inflated when it is Flate-encoded (null when that fails). */
export function decodedStream(object: PdfObject): Buffer | null {
  if (object.stream === null) return null;
  try {
    return /\/FlateDecode/.test(object.body) ? inflateSync(object.stream) : object.stream;
  } catch {
    return null;
  }
}

/** The text of object `num` as it was in the sealed revision: written plainly, or in an object stream. */
function objectBefore(pdf: Buffer, sealEnd: number, num: number): string | null {
  const text = latin1(pdf, 0, sealEnd);
  const plain = [...text.matchAll(new RegExp(`(?:^|\\s)${num}\\s+0\\s+obj\\b`, 'g'))].at(-1);
  if (plain) {
    const start = plain.index + plain[0].length;
    return text.slice(start, text.indexOf('endobj', start)).split(/\bstream\r?\n/)[0] ?? null;
  }
  for (const object of objectsIn(pdf, 0, []).reverse()) {
    if (object.at >= sealEnd || !/\/Type\s*\/ObjStm/.test(object.body) || object.stream === null) continue;
    const inflated = decodedStream(object);
    if (inflated === null) continue;
    const data = latin1(inflated);
    const count = Number(/\/N\s+(\d+)/.exec(object.body)?.[1] ?? 0);
    const first = Number(/\/First\s+(\d+)/.exec(object.body)?.[1] ?? 0);
    const pairs = data.slice(0, first).trim().split(/\s+/).map(Number);
    for (let i = 0; i < count; i++) {
      if (pairs[2 * i] !== num) continue;
      const start = first + (pairs[2 * i + 1] ?? 0);
      const next = i + 1 < count ? first + (pairs[2 * i + 3] ?? 0) : data.length;
      return data.slice(start, next);
    }
  }
  return null;
}
