import {
  type AdoptedSignature,
  DRAWN_SIGNATURE_MAX_BYTES,
  TYPED_SIGNATURE_MAX_LENGTH,
} from '@countersign/schemas';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Far above any signature pad; keeps a "PNG" from asking the stamper for gigapixels. */
const MAX_SIDE = 4096;
const CONTROL = /\p{Cc}/u;

/**
 * A signature or initials as the stamper will draw it: typed text (short, printable) or a real PNG
 * (magic bytes, IHDR with sane dimensions, at most 300 KB). Cheap: it reads headers only. `checkEmbeddable`
 * then decodes a drawing the way the stamper will.
 */
export function checkAdopted(what: 'signature' | 'initials', adopted: AdoptedSignature): AdoptedSignature {
  const bad = (why: string) => new DomainError('invalid_signature', `${what}: ${why}`);
  if (adopted.kind === 'typed') {
    const value = adopted.value.trim();
    if (value.length === 0) throw bad('must not be blank');
    if (value.length > TYPED_SIGNATURE_MAX_LENGTH)
      throw bad(`typed text must be at most ${TYPED_SIGNATURE_MAX_LENGTH} characters`);
    if (CONTROL.test(value)) throw bad('typed text must not contain control characters');
    return { kind: 'typed', value };
  }
  const match = DATA_URL.exec(adopted.value);
  if (!match) throw bad('a drawn signature must be a data:image/png;base64 URL');
  const png = Buffer.from(match[1]!, 'base64');
  if (png.length > DRAWN_SIGNATURE_MAX_BYTES)
    throw bad(`the image must be at most ${DRAWN_SIGNATURE_MAX_BYTES / 1024} KB`);
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_MAGIC) || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw bad('the image is not a PNG');
  }
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)
    throw bad(`the image must be 1 to ${MAX_SIDE} pixels a side`);
  return { kind: 'drawn', value: adopted.value };
}

/** Typed initials from a name: the first letter of up to three words ("Jean-Luc Picard" -> "JLP"). */
export function initialsOf(name: string): string {
  const letters = name
    .split(/[\s-]+/u)
    .map((word) => [...word.replace(/[^\p{L}\p{N}]/gu, '')][0])
    .filter((c): c is string => !!c)
    .slice(0, 3)
    .join('')
    .toLocaleUpperCase();
  return letters || [...name.trim()][0] || '?';
}

/**
 * A drawn signature the stamper can embed, decoded in the PDF worker (a large PNG takes hundreds of ms, which
 * must not stall the API). Call it only for a caller whose link and code were checked: it costs real work.
 */
export async function checkEmbeddable(
  ctx: ServiceContext,
  what: 'signature' | 'initials',
  adopted: AdoptedSignature,
): Promise<void> {
  if (adopted.kind !== 'drawn') return;
  await ctx.pdf.checkDrawnSignature(adopted.value).catch(() => {
    throw new DomainError('invalid_signature', `${what}: the image is not a readable PNG`);
  });
}
