import { createHash, X509Certificate } from 'node:crypto';
import type { PDFDocument } from 'pdf-lib';
import { PDFName } from 'pdf-lib';
import { PdfEngineError } from '../errors.ts';
import { TIMESTAMP_TOKEN_ROOM } from '../seal/cms.ts';
import {
  appendIncrement,
  objectsChangedSince,
  readXrefTail,
  reserveObjectNumbers,
  snapshotObjects,
} from '../seal/incremental.ts';
import { addSignatureField, byteRangeAndContents } from '../seal/placeholder.ts';
import { signPlaceholder } from '../seal/sign-placeholder.ts';
import { addDss } from './dss.ts';
import { fetchRevocationData, hasRevocationSources } from './revocation.ts';
import { DocumentTimestampSigner } from './stamp.ts';
import { type Timestamp, tsaName } from './tsa-client.ts';
import type { TsaOptions } from './types.ts';

/** The seal's /Contents value, hex-decoded with its padding: what its /VRI key is the SHA-1 of. */
function lastSignatureContents(pdf: Uint8Array): Buffer {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length).toString('latin1');
  const range = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  // Our own seal was just written with one: a missing one is a bug, not bad input.
  if (!range) throw new Error('long-term validation: the sealed file has no /ByteRange');
  return Buffer.from(text.slice(Number(range[2]) + 1, Number(range[3]) - 1), 'hex');
}

/**
 * PAdES B-LT and B-LTA on a sealed (B-T) file: one incremental update appended to `sealed` that adds the
 * DSS (the seal's chain, every certificate the TSA's tokens carry and any issuer fetched for them, the OCSP
 * responses and CRLs of the seal's and the TSA's CA-issued certificates, and a /VRI entry for the seal) and a
 * document time-stamp field (ETSI.RFC3161, not on any page), whose token covers everything before it, the DSS
 * included. `doc` is the pdf-lib document `sealed` was written from; nothing in `sealed` is rewritten.
 */
export async function addLongTermValidation(
  doc: PDFDocument,
  sealed: Uint8Array,
  sealChain: Buffer[],
  stamps: Timestamp[],
  tsa: TsaOptions,
): Promise<Uint8Array> {
  const tail = readXrefTail(sealed);
  // Our own seal just wrote that section: a missing one is a bug, not bad input.
  if (!tail) throw new Error('long-term validation: no cross-reference section after the seal');
  const tsaCertificates = stamps.flatMap((s) => s.certificates);
  const revocation = await fetchRevocationData(
    { seal: sealChain, tsa: tsaCertificates },
    tsa.timeoutMs ?? 10_000,
  );
  reserveObjectNumbers(doc.context, tail);
  const snapshot = snapshotObjects(doc.context);
  const certificates = [...sealChain, ...tsaCertificates, ...revocation.issuers];
  const changed = addDss(doc, {
    certificates,
    crls: revocation.crls,
    ocspResponses: revocation.ocspResponses,
    signature: {
      contentsSha1: createHash('sha1').update(lastSignatureContents(sealed)).digest(),
      certificates,
      crls: revocation.crls,
      ocspResponses: revocation.ocspResponses,
    },
  });
  const docTimestamp = doc.context.obj({
    Type: 'DocTimeStamp',
    Filter: 'Adobe.PPKLite',
    SubFilter: PDFName.of('ETSI.RFC3161'),
    ...byteRangeAndContents(TIMESTAMP_TOKEN_ROOM + 1024),
  });
  changed.push(...addSignatureField(doc, null, docTimestamp, 'Countersign document timestamp'));
  const refs = [...changed, ...objectsChangedSince(doc.context, snapshot)];
  const unsigned = appendIncrement(sealed, doc.context, refs, tail);
  const documentStamps: Timestamp[] = [];
  const signed = await signPlaceholder(unsigned, new DocumentTimestampSigner(tsa, documentStamps));
  // The document time-stamp is asked for after the DSS it covers, so its certificates' revocation data is there
  // only when they are the signature time-stamp's (one TSA, one key). A TSA that rolled its key between the two
  // requests fails the attempt rather than leave that data out; the next attempt gets one key for both.
  const uncovered = documentStamps
    .flatMap((s) => s.certificates)
    .find((c) => !certificates.some((k) => k.equals(c)) && hasRevocationSources(c));
  if (uncovered) {
    const x509 = new X509Certificate(uncovered);
    throw new PdfEngineError(
      'revocation-failed',
      `timestamp authority ${tsaName(tsa.url)}: signed the document time-stamp with another certificate than the signature time-stamp (${x509.subject.replaceAll('\n', ', ')}, serial ${x509.serialNumber}), whose revocation data is not in the DSS it covers`,
    );
  }
  return signed;
}
