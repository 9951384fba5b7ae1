/** The part of node:zlib that @countersign/verify uses (inflating appended streams), for the /verify bundle. */
import { Buffer } from 'buffer';
import pako from 'pako';

export function inflateSync(data: Uint8Array): Buffer {
  return Buffer.from(pako.inflate(data));
}
