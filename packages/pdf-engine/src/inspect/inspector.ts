/**
 * Inspection on the engine's thread pool (threads/pool.ts): each file is read by a warm worker under a heap cap
 * and a time limit; a worker that runs out of memory, crashes or overruns is replaced, and its file gets a
 * load-failed verdict instead of an error.
 */
import { PdfEngineError } from '../errors.ts';
import type { MemoryBudget } from '../threads/budget.ts';
import { createThreadPool, type ThreadPool, WorkerLostError } from '../threads/pool.ts';
import { memoryRules, resolveLimits } from './limits.ts';
import { loadFailure, reject } from './messages.ts';
import type { InspectLimits, InspectResult } from './types.ts';
import type { WorkerSettings } from './worker/protocol.ts';

export interface InspectorOptions {
  /** Number of worker threads kept warm (default 2). */
  poolSize?: number;
  /** Limits for every call of this inspector; a call may override them. */
  limits?: Partial<InspectLimits>;
  /** The process's PDF memory budget, shared with the PDF writer (threads/budget.ts). */
  budget?: MemoryBudget;
}

export interface Inspector {
  inspect(bytes: Uint8Array, limits?: Partial<InspectLimits>): Promise<InspectResult>;
  /** Stops the workers; pending and later calls fail with PdfEngineError('inspector-closed'). */
  close(): Promise<void>;
}

const ENTRY = new URL('./worker/entry.mjs', import.meta.url);

export function createInspector(options: InspectorOptions = {}): Inspector {
  const poolSize = options.poolSize ?? 2;
  if (!Number.isInteger(poolSize) || poolSize < 1) {
    throw new PdfEngineError(
      'invalid-argument',
      `poolSize must be a positive integer, got ${String(poolSize)}`,
    );
  }
  const baseLimits = resolveLimits(options.limits);
  /** The heap cap is a worker's, so a call asking for another one gets workers of its own. */
  const pools = new Map<number, ThreadPool>();
  let closed = false;

  function poolFor(memoryMb: number): ThreadPool {
    let pool = pools.get(memoryMb);
    if (!pool) {
      const { maxBufferBytes, budgetBytes } = memoryRules(memoryMb);
      pool = createThreadPool({
        entry: ENTRY,
        label: 'the inspection worker',
        size: poolSize,
        memoryMb,
        timeoutMs: baseLimits.timeoutMs,
        workerData: { maxBufferBytes, budgetBytes } satisfies WorkerSettings,
        budget: options.budget,
      });
      pools.set(memoryMb, pool);
    }
    return pool;
  }
  // The usual cap's workers start now, so the first file does not pay for a cold start.
  poolFor(Math.ceil(baseLimits.maxMemoryMb)).warm();

  /** A lost worker is a verdict on the file it was reading; only a pool that cannot work is an error. */
  function verdictOf(error: unknown, limits: InspectLimits): InspectResult {
    if (!(error instanceof WorkerLostError)) throw error;
    switch (error.loss) {
      case 'timeout':
        return reject.loadFailed(loadFailure.timeout(limits.timeoutMs));
      case 'out-of-memory':
        return reject.loadFailed(loadFailure.memory(limits.maxMemoryMb));
      case 'crashed':
        return reject.loadFailed(loadFailure.crashed);
      case 'closed':
        throw new PdfEngineError('inspector-closed', 'the inspector was closed');
      case 'cannot-start':
        throw new PdfEngineError('worker-unavailable', 'the inspection worker cannot start');
    }
  }

  return {
    inspect(bytes, limits) {
      if (closed) return Promise.reject(new PdfEngineError('inspector-closed', 'the inspector is closed'));
      if (!(bytes instanceof Uint8Array)) {
        return Promise.reject(new PdfEngineError('invalid-argument', 'inspect expects a Uint8Array'));
      }
      let effective: InspectLimits;
      try {
        effective = resolveLimits(baseLimits, limits);
      } catch (error) {
        return Promise.reject(error);
      }
      if (bytes.byteLength > effective.maxBytes) {
        return Promise.resolve(reject.tooLarge(bytes.byteLength, effective.maxBytes));
      }
      // The worker gets its own copy, whose memory is then moved: the caller's buffer stays untouched and
      // usable (`Buffer#slice` would share the caller's memory, and hand it over).
      const copy = new Uint8Array(bytes);
      return poolFor(Math.ceil(effective.maxMemoryMb))
        .run<InspectResult>('inspect', [copy, effective], {
          transfer: [copy.buffer],
          timeoutMs: Math.ceil(effective.timeoutMs),
          documentBytes: copy.byteLength,
        })
        .catch((error: unknown) => verdictOf(error, effective));
    },
    async close() {
      if (closed) return;
      closed = true;
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pool) => pool.close()));
    },
  };
}
