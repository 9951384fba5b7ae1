/**
 * `finalize` and `prepare` in worker threads, so a caller's event loop (the API's, when it runs its
 * jobs in-process) stays responsive while pdf-lib parses, stamps, saves and seals a large document.
 * Same results and errors as calling them directly (a PdfEngineError keeps its class, code and
 * message); the input bytes are copied once and moved to the worker, the output moved back.
 * The seal's PKCS#12 and passphrase travel with each task and are never logged or kept by the pool.
 * Two sizes of worker, so that memory is weighed by document size: documents up to SMALL_DOCUMENT_BYTES go to
 * workers with a small heap cap, larger ones (and a small one that ran out of memory) to the large workers.
 * With a budget, each task reserves its worker's most before it starts (threads/budget.ts).
 */

import { PdfEngineError } from '../errors.ts';
import type { FinalizeInput, FinalizeResult } from '../finalize/types.ts';
import { loadFailure, reject } from '../inspect/messages.ts';
import type { InspectOk } from '../inspect/types.ts';
import type { ActiveContentKind } from '../prepare/active-content.ts';
import type { Prepared, PrepareOptions } from '../prepare/prepare.ts';
import type { SealOptions } from '../seal/types.ts';
import type { MemoryBudget } from '../threads/budget.ts';
import { createThreadPool, reservationMb, WorkerLostError } from '../threads/pool.ts';

export interface PdfWriterOptions {
  /** Most worker threads at once (default 2); each starts on first need and stays warm, unref'd. */
  poolSize?: number;
  /** Heap cap of each large-document worker in MB (default 2048: the largest accepted file, 50 MB, with room). */
  maxMemoryMb?: number;
  /** Heap cap of each small-document worker in MB (default 512). */
  smallMemoryMb?: number;
  /** The process's PDF memory budget, shared with the inspector; none: no limit but the heap caps. */
  budget?: MemoryBudget;
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

/** Documents up to this size go to the small workers (most real documents: a few hundred KB to a few MB). */
export const SMALL_DOCUMENT_BYTES = 4 * 1024 * 1024;
const LARGE_MEMORY_MB = 2048;

/** The most one writer task on a document of `documentBytes` reserves (a budget must hold at least this). */
export const writerReservationMb = (documentBytes: number, maxMemoryMb = LARGE_MEMORY_MB) =>
  reservationMb(maxMemoryMb, documentBytes);

const ENTRY = new URL('./worker/entry.mjs', import.meta.url);

export function createPdfWriter(options: PdfWriterOptions = {}): PdfWriter {
  const pool = (memoryMb: number) =>
    createThreadPool({
      entry: ENTRY,
      label: 'the PDF worker',
      size: options.poolSize ?? 2,
      memoryMb,
      timeoutMs: options.timeoutMs ?? 120_000,
      budget: options.budget,
    });
  const small = pool(options.smallMemoryMb ?? 512);
  const largeMb = options.maxMemoryMb ?? LARGE_MEMORY_MB;
  const large = pool(largeMb);
  /** On the workers for its size; a small document that outgrows a small worker's heap gets a large one. */
  async function run<T>(task: string, args: () => unknown[], documentBytes: number): Promise<T> {
    const go = (p: typeof small) => {
      const a = args(); // fresh copies each time: the first attempt's were moved away
      const transfer = a.flatMap((x) => (x instanceof Uint8Array ? [x.buffer as ArrayBuffer] : []));
      return p.run<T>(task, a, { transfer, documentBytes });
    };
    const outOfMemory = (error: unknown) =>
      error instanceof WorkerLostError && error.loss === 'out-of-memory';
    try {
      if (documentBytes > SMALL_DOCUMENT_BYTES) return await go(large);
      try {
        return await go(small);
      } catch (error) {
        if (outOfMemory(error)) return await go(large);
        throw error;
      }
    } catch (error) {
      // The per-document bound: a document that needs more than the largest worker's heap is refused, clearly.
      if (!outOfMemory(error)) throw error;
      const { message, reason } = reject.loadFailed(loadFailure.memory(largeMb));
      throw new PdfEngineError('not-accepted', message, { reason, cause: error });
    }
  }
  return {
    finalize(prepared, input, seal) {
      if (!(prepared instanceof Uint8Array) || !(seal?.p12 instanceof Uint8Array)) {
        return Promise.reject(new PdfEngineError('invalid-argument', 'finalize expects Uint8Array bytes'));
      }
      // One copy each (new Uint8Array, not slice: Buffer#slice shares memory), moved to the worker:
      // the caller's buffers stay untouched and usable.
      return run<FinalizeResult>(
        'finalize',
        () => [new Uint8Array(prepared), input, { ...seal, p12: new Uint8Array(seal.p12) }],
        prepared.byteLength,
      );
    },
    prepare(bytes, signerCount, inspected, prepareOptions = {}) {
      if (!(bytes instanceof Uint8Array)) {
        return Promise.reject(new PdfEngineError('invalid-argument', 'prepare expects a Uint8Array'));
      }
      return run<Prepared>(
        'prepare',
        () => [new Uint8Array(bytes), signerCount, inspected, prepareOptions],
        bytes.byteLength,
      );
    },
    activeContentOf(bytes, remove = false) {
      return run('activeContentOf', () => [new Uint8Array(bytes), remove], bytes.byteLength);
    },
    checkDrawnSignature: (dataUrl) => run<void>('checkDrawnSignature', () => [dataUrl], dataUrl.length),
    close: async () => {
      await Promise.all([small.close(), large.close()]);
    },
  };
}
