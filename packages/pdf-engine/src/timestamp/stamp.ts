import { createHash } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import { PdfEngineError } from '../errors.ts';
import { type StampSignature, TIMESTAMP_TOKEN_ROOM } from '../seal/cms.ts';
import { requestTimestamp, type Timestamp, tsaName } from './tsa-client.ts';
import type { TsaOptions } from './types.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** A token from the TSA for `bytes`, refused when it would not fit the room reserved for it. */
async function timestamp(bytes: Uint8Array, tsa: TsaOptions, into?: Timestamp[]): Promise<Buffer> {
  const stamped = await requestTimestamp(sha256(bytes), tsa);
  if (stamped.token.length > TIMESTAMP_TOKEN_ROOM) {
    throw new PdfEngineError(
      'timestamp-failed',
      `timestamp authority ${tsaName(tsa.url)}: its token (${stamped.token.length} bytes) exceeds the ${TIMESTAMP_TOKEN_ROOM} bytes reserved for it`,
    );
  }
  into?.push(stamped);
  return stamped.token;
}

/** The seal's signature time-stamp: a token over the signature value (RFC 3161 appendix A), kept in `into`. */
export const stampWith =
  (tsa: TsaOptions, into: Timestamp[]): StampSignature =>
  (signatureValue) =>
    timestamp(signatureValue, tsa, into);

/**
 * Signs a document time-stamp placeholder: its "signature" is the TSA's token over the byte range, kept in
 * `into`.
 */
export class DocumentTimestampSigner extends Signer {
  constructor(
    private readonly tsa: TsaOptions,
    private readonly into?: Timestamp[],
  ) {
    super();
  }
  override async sign(content: Buffer): Promise<Buffer> {
    return timestamp(content, this.tsa, this.into);
  }
}
