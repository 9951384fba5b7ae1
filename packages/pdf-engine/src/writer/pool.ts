/**
 * `finalize` and `prepare` in worker threads, so a caller's event loop (the API's, when it runs its
 * jobs in-process) stays responsive while pdf-lib parses, stamps, saves and seals a large document.
 * Same results and errors as calling them directly (a PdfEngineError keeps its class, code and
 * message); the input bytes are copied once and moved to the worker, the output moved back.
 * The seal's PKCS#12 and passphrase travel with each task and are never logged or kept by the pool.
 */

import { PdfEngineError } from '../errors.ts';
import type { FinalizeInput, FinalizeResult } from '../finalize/types.ts';
import type { InspectOk } from '../inspect/types.ts';
import type { ActiveContentKind } from '../prepare/active-content.ts';
import type { Prepared, PrepareOptions } from '../prepare/prepare.ts';
import type { SealOptions } from '../seal/types.ts';
import { createThreadPool } from '../threads/pool.ts';

export interface PdfWriterOptions {
  /** Most worker threads at once (default 2); each starts on first need and stays warm, unref'd. */
  poolSize?: number;
  /** Heap cap of each worker in MB (default 2048: the largest accepted file, 50 MB, with room). */
  maxMemoryMb?: number;
  /** Time limit of one finalize or prepare (default 120 s; a 352-page completion takes about 1 s). */
  timeoutMs?: number;
}

export interface PdfWriter {
  /** `finalize` (finalize/finalize.ts) in a worker. */
  finalize(prepared: Uint8Array, input: FinalizeInput, seal: SealOptions): Promise<FinalizeResult>;
  /** `prepare` (prepare/prepare.ts) in a worker; the document must have been inspected already. */
  prepare(
    bytes: Uint8Array,
    signerCount: number,
    inspected: InspectOk,
    options?: PrepareOptions,
  ): Promise<Prepared>;
  /** `activeContentOf` (prepare/prepare.ts) in a worker: find, or remove, a PDF's active content. */
  activeContentOf(
    bytes: Uint8Array,
    remove?: boolean,
  ): Promise<{ kinds: ActiveContentKind[]; bytes: Uint8Array }>;
  /** `checkDrawnSignature` (finalize/images.ts) in a worker: decoding a large PNG takes hundreds of ms. */
  checkDrawnSignature(dataUrl: string): Promise<void>;
  /** Stops the workers; pending and later calls fail with PdfEngineError('worker-unavailable'). */
  close(): Promise<void>;
}

const ENTRY = new URL('./worker/entry.mjs', import.meta.url);

export function createPdfWriter(options: PdfWriterOptions = {}): PdfWriter {
  const pool = createThreadPool({
    entry: ENTRY,
    label: 'the PDF worker',
    size: options.poolSize ?? 2,
    memoryMb: options.maxMemoryMb ?? 2048,
    timeoutMs: options.timeoutMs ?? 120_000,
  });
  return {
    finalize(prepared, input, seal) {
      if (!(prepared instanceof Uint8Array) || !(seal?.p12 instanceof Uint8Array)) {
        return Promise.reject(new PdfEngineError('invalid-argument', 'finalize expects Uint8Array bytes'));
      }
      // One copy each (new Uint8Array, not slice: Buffer#slice shares memory), moved to the worker:
      // the caller's buffers stay untouched and usable.
      const bytes = new Uint8Array(prepared);
      const p12 = new Uint8Array(seal.p12);
      return pool.run<FinalizeResult>('finalize', [bytes, input, { ...seal, p12 }], {
        transfer: [bytes.buffer, p12.buffer],
      });
    },
    prepare(bytes, signerCount, inspected, prepareOptions = {}) {
      if (!(bytes instanceof Uint8Array)) {
        return Promise.reject(new PdfEngineError('invalid-argument', 'prepare expects a Uint8Array'));
      }
      const copy = new Uint8Array(bytes);
      return pool.run<Prepared>('prepare', [copy, signerCount, inspected, prepareOptions], {
        transfer: [copy.buffer],
      });
    },
    activeContentOf(bytes, remove = false) {
      const copy = new Uint8Array(bytes);
      return pool.run('activeContentOf', [copy, remove], { transfer: [copy.buffer] });
    },
    checkDrawnSignature: (dataUrl) => pool.run<void>('checkDrawnSignature', [dataUrl]),
    close: () => pool.close(),
  };
}
