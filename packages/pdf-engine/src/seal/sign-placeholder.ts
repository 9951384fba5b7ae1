import { SignPdf } from '@signpdf/signpdf';
import type { Signer } from '@signpdf/utils';

/** Fills the one signature placeholder left in `unsigned`: byte range, then what `signer` makes of the rest. */
export async function signPlaceholder(unsigned: Uint8Array, signer: Signer): Promise<Uint8Array> {
  const signed = await new SignPdf().sign(unsigned, signer);
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.length);
}
