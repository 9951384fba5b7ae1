import type { PDFDocument } from 'pdf-lib';
import { PDFName } from 'pdf-lib';
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
import { DocumentTimestampSigner } from './stamp.ts';
import type { Timestamp } from './tsa-client.ts';
import type { TsaOptions } from './types.ts';

/**
 * PAdES B-LT and B-LTA on a sealed (B-T) file: one incremental update appended to `sealed` that adds the
 * DSS (the seal's chain and every certificate the TSA's tokens carry) and a document time-stamp field
 * (ETSI.RFC3161, not on any page), whose token covers everything before it, the DSS included. `doc` is the
 * pdf-lib document `sealed` was written from; nothing in `sealed` is rewritten.
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
  reserveObjectNumbers(doc.context, tail);
  const snapshot = snapshotObjects(doc.context);
  const changed = addDss(doc, { certificates: [...sealChain, ...stamps.flatMap((s) => s.certificates)] });
  const docTimestamp = doc.context.obj({
    Type: 'DocTimeStamp',
    Filter: 'Adobe.PPKLite',
    SubFilter: PDFName.of('ETSI.RFC3161'),
    ...byteRangeAndContents(TIMESTAMP_TOKEN_ROOM + 1024),
  });
  changed.push(...addSignatureField(doc, null, docTimestamp, 'Countersign document timestamp'));
  const refs = [...changed, ...objectsChangedSince(doc.context, snapshot)];
  const unsigned = appendIncrement(sealed, doc.context, refs, tail);
  return signPlaceholder(unsigned, new DocumentTimestampSigner(tsa));
}
