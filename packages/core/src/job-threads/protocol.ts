/** Messages between the job threads (job-threads/threads.ts) and each thread (job-threads/thread.ts). */
import type { Config } from '@countersign/config';
import type { SerializedError } from '@countersign/pdf-engine';
import type { PdfTools } from '../pdf-tools.ts';
import type { Telemetry } from '../support/telemetry.ts';

export interface ThreadData {
  config: Config;
}

/** The PDF operations a thread asks the process's one set of PDF pools for. */
export type PdfMethod = Exclude<keyof PdfTools, 'close'>;

export type ToThread =
  | {
      type: 'job';
      id: number;
      name: string;
      payload: unknown;
      jobId: string;
      attempt: number;
      dueAt?: number;
    }
  | { type: 'pdf-result'; callId: number; ok: true; value: unknown }
  | { type: 'pdf-result'; callId: number; ok: false; error: SerializedError }
  | { type: 'close' };

export type FromThread =
  | { type: 'ready' }
  | { type: 'job-done'; id: number; value: unknown }
  | { type: 'job-failed'; id: number; error: SerializedError }
  | { type: 'pdf-call'; callId: number; method: PdfMethod; args: unknown[] }
  | { type: 'telemetry'; method: keyof Telemetry; args: unknown[] }
  | { type: 'stray-error'; error: SerializedError };

/**
 * The byte arrays of a value that own their whole buffer, so they can move instead of being copied: at the top, or
 * nested in arrays and objects up to four levels (rendered pages → images → bytes).
 */
export function movableBuffers(value: unknown, depth = 0, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (
    value instanceof Uint8Array &&
    value.buffer instanceof ArrayBuffer &&
    value.byteOffset === 0 &&
    value.byteLength === value.buffer.byteLength
  ) {
    found.add(value.buffer);
  } else if (value && typeof value === 'object' && depth < 4 && !ArrayBuffer.isView(value)) {
    for (const item of Object.values(value)) movableBuffers(item, depth + 1, found);
  }
  return [...found];
}
