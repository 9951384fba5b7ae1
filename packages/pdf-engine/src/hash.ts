import { createHash } from 'node:crypto';

/** SHA-256 of the bytes as lowercase hex: the content address of a document. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
