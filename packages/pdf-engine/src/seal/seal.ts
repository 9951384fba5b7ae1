import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import { ParseSpeeds, PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { cadesDetachedSignature, signatureCapacity } from './cms.ts';
import { loadSealIdentity, type SealIdentity } from './identity.ts';
import {
  appendIncrement,
  objectsChangedSince,
  readXrefTail,
  reserveObjectNumbers,
  snapshotObjects,
  type XrefTail,
} from './incremental.ts';
import { addSignaturePlaceholder } from './placeholder.ts';
import type { SealOptions } from './types.ts';

class CadesSigner extends Signer {
  constructor(private readonly identity: SealIdentity) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    return cadesDetachedSignature(content, this.identity);
  }
}

/** Fills the signature placeholder: byte range, CMS over everything but /Contents. */
export async function signPlaceholder(unsigned: Uint8Array, identity: SealIdentity): Promise<Uint8Array> {
  const signed = await new SignPdf().sign(unsigned, new CadesSigner(identity));
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.length);
}

/**
 * The last step on a document loaded in pdf-lib whose bytes are `base`: adds an invisible
 * signature field on `page`, appends it with everything changed since `snapshot` as one
 * incremental update, then signs that in place. The snapshot sees new and reassigned objects;
 * objects mutated in place (page-tree nodes) come in `changedInPlace`. Nothing may write the
 * file afterwards.
 */
export async function sealLoadedDocument(
  doc: PDFDocument,
  base: Uint8Array,
  tail: XrefTail,
  snapshot: ReturnType<typeof snapshotObjects>,
  page: PDFPage,
  options: SealOptions,
  identity: SealIdentity,
  changedInPlace: PDFRef[] = [],
): Promise<Uint8Array> {
  const changed = addSignaturePlaceholder(doc, page, options, signatureCapacity(identity));
  await doc.flush();
  const refs = [...changedInPlace, ...changed, ...objectsChangedSince(doc.context, snapshot)];
  const unsigned = appendIncrement(base, doc.context, refs, tail);
  return signPlaceholder(unsigned, identity);
}

/**
 * Seals a PDF (PAdES baseline B-B, /ETSI.CAdES.detached) as an incremental update on the last
 * page, so the bytes it was given, and any earlier signature, stay intact. A file whose final
 * startxref does not lead to a cross-reference section (pdf-lib reads it anyway, by scanning)
 * is rewritten once first.
 */
export async function seal(bytes: Uint8Array, options: SealOptions): Promise<Uint8Array> {
  const identity = loadSealIdentity(options.p12, options.passphrase);
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  let base = bytes;
  let tail = readXrefTail(bytes);
  if (!tail) {
    base = await doc.save({
      useObjectStreams: false,
      objectsPerTick: Number.POSITIVE_INFINITY,
      updateFieldAppearances: false,
    });
    tail = readXrefTail(base)!;
  }
  reserveObjectNumbers(doc.context, tail);
  const snapshot = snapshotObjects(doc.context);
  const page = doc.getPage(doc.getPageCount() - 1);
  return sealLoadedDocument(doc, base, tail, snapshot, page, options, identity);
}
