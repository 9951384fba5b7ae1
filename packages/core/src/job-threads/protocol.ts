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

/** The byte arrays of a value that own their whole buffer, so they can move instead of being copied. */
export function movableBuffers(value: unknown): ArrayBuffer[] {
  const owned = (v: unknown): v is Uint8Array =>
    v instanceof Uint8Array &&
    v.buffer instanceof ArrayBuffer &&
    v.byteOffset === 0 &&
    v.byteLength === v.buffer.byteLength;
  const values = owned(value) ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
  return [...new Set(values.filter(owned).map((v) => v.buffer as ArrayBuffer))];
}
