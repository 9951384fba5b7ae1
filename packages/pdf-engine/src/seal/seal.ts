import { Signer } from '@signpdf/utils';
import { ParseSpeeds, PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { addLongTermValidation } from '../timestamp/long-term.ts';
import { stampWith } from '../timestamp/stamp.ts';
import type { Timestamp } from '../timestamp/tsa-client.ts';
import { cadesDetachedSignature, type StampSignature, signatureCapacity } from './cms.ts';
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
import { signPlaceholder } from './sign-placeholder.ts';
import type { SealOptions } from './types.ts';

class CadesSigner extends Signer {
  constructor(
    private readonly identity: SealIdentity,
    private readonly stamp?: StampSignature,
  ) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    return cadesDetachedSignature(content, this.identity, this.stamp);
  }
}

/**
 * The last step on a document loaded in pdf-lib whose bytes are `base`: adds an invisible
 * signature field on `page`, appends it with everything changed since `snapshot` as one
 * incremental update, then signs that in place. The snapshot sees new and reassigned objects;
 * objects mutated in place (page-tree nodes) come in `changedInPlace`. Nothing may write the
 * file afterwards but further incremental updates: with a TSA (options.tsa) the seal carries a
 * signature time-stamp (B-T), then the validation data and a document time-stamp are appended (B-LTA).
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
  const { tsa } = options;
  const changed = addSignaturePlaceholder(doc, page, options, signatureCapacity(identity, tsa !== undefined));
  await doc.flush();
  const refs = [...changedInPlace, ...changed, ...objectsChangedSince(doc.context, snapshot)];
  const unsigned = appendIncrement(base, doc.context, refs, tail);
  if (!tsa) return signPlaceholder(unsigned, new CadesSigner(identity));
  const stamps: Timestamp[] = [];
  const sealed = await signPlaceholder(unsigned, new CadesSigner(identity, stampWith(tsa, stamps)));
  return addLongTermValidation(doc, sealed, [identity.certificate, ...identity.chain], stamps, tsa);
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
