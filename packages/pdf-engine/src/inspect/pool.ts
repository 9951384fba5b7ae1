/**
 * A small pool of warm inspection workers. Each worker reads one file at a time under a
 * heap cap (resourceLimits) and a wall-clock limit; a worker that runs out of memory, crashes
 * or overruns is terminated and replaced, and its file gets a load-failed verdict.
 */
import { Worker } from 'node:worker_threads';
import { PdfEngineError } from '../errors.ts';
import { memoryRules, resolveLimits } from './limits.ts';
import { loadFailure, reject } from './messages.ts';
import type { InspectLimits, InspectResult } from './types.ts';
import type { JobMessage, WorkerReply, WorkerSettings } from './worker/protocol.ts';

export interface InspectorOptions {
  /** Number of worker threads kept warm (default 2). */
  poolSize?: number;
  /** Limits for every call of this inspector; a call may override them. */
  limits?: Partial<InspectLimits>;
}

export interface Inspector {
  inspect(bytes: Uint8Array, limits?: Partial<InspectLimits>): Promise<InspectResult>;
  /** Stops the workers; pending and later calls fail with PdfEngineError('inspector-closed'). */
  close(): Promise<void>;
}

const ENTRY = new URL('./worker/entry.mjs', import.meta.url);
/** A worker is retired after this many files, so slow leaks in the parsers never accumulate. */
const JOBS_PER_WORKER = 200;
/** Consecutive workers that die before becoming ready; then the pool gives up instead of looping. */
const MAX_START_FAILURES = 3;
/** A worker not ready by then is stuck (loading pdf.js takes well under a second). */
const START_TIMEOUT_MS = 30_000;

interface Job {
  id: number;
  bytes: Uint8Array;
  limits: InspectLimits;
  resolve(result: InspectResult): void;
  fail(error: Error): void;
}

interface Slot {
  worker: Worker;
  memoryMb: number;
  ready: boolean;
  job: Job | undefined;
  /** The job's time limit, or the start-up limit before the worker is ready. */
  timer: NodeJS.Timeout | undefined;
  jobsDone: number;
  dead: boolean;
}

export function createInspector(options: InspectorOptions = {}): Inspector {
  const poolSize = options.poolSize ?? 2;
  if (!Number.isInteger(poolSize) || poolSize < 1) {
    throw new PdfEngineError(
      'invalid-argument',
      `poolSize must be a positive integer, got ${String(poolSize)}`,
    );
  }
  const baseLimits = resolveLimits(options.limits);
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let startFailures = 0;

  function spawn(memoryMb: number): Slot {
    const { maxBufferBytes, budgetBytes } = memoryRules(memoryMb);
    const settings: WorkerSettings = { maxBufferBytes, budgetBytes };
    const worker = new Worker(ENTRY, {
      workerData: settings,
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, memoryMb / 8)),
      },
    });
    // Not `stdout: true` to drop the parsers' chatter (the worker silences its console instead):
    // a piped worker stdout keeps the parent process alive even when the worker is unref'd.
    worker.unref();
    const slot: Slot = {
      worker,
      memoryMb,
      ready: false,
      job: undefined,
      timer: undefined,
      jobsDone: 0,
      dead: false,
    };
    slots.add(slot);
    slot.timer = setTimeout(() => retire(slot, undefined), START_TIMEOUT_MS);
    slot.timer.unref();
    worker.on('message', (reply: WorkerReply) => onReply(slot, reply));
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      retire(slot, reject.loadFailed(outOfMemory ? loadFailure.memory(slot.memoryMb) : loadFailure.crashed));
    });
    worker.on('exit', () => retire(slot, reject.loadFailed(loadFailure.crashed)));
    return slot;
  }

  function onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.dead) return;
    if (reply.type === 'ready') {
      clearTimeout(slot.timer);
      slot.ready = true;
      startFailures = 0;
      pump();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.jobsDone++;
    job.resolve(reply.result);
    if (slot.jobsDone >= JOBS_PER_WORKER) retire(slot, undefined);
    pump();
  }

  /** Removes a worker for good; its running job (if any) gets `verdict`. */
  function retire(slot: Slot, verdict: InspectResult | undefined): void {
    if (slot.dead) return;
    slot.dead = true;
    slots.delete(slot);
    clearTimeout(slot.timer);
    if (!slot.ready) startFailures++;
    const job = slot.job;
    slot.job = undefined;
    void slot.worker.terminate();
    if (job) {
      if (verdict) job.resolve(verdict);
      else job.fail(new PdfEngineError('worker-unavailable', 'the inspection worker stopped'));
    }
    if (closed) return;
    if (startFailures >= MAX_START_FAILURES) {
      for (const waiting of queue.splice(0)) {
        waiting.fail(new PdfEngineError('worker-unavailable', 'the inspection worker cannot start'));
      }
      return;
    }
    warm();
    pump();
  }

  /** Keeps the pool full, so the next file does not pay for a cold start. */
  function warm(): void {
    while (!closed && slots.size < poolSize && startFailures < MAX_START_FAILURES)
      spawn(baseLimits.maxMemoryMb);
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(
      () => retire(slot, reject.loadFailed(loadFailure.timeout(job.limits.timeoutMs))),
      job.limits.timeoutMs,
    );
    const message: JobMessage = { id: job.id, bytes: job.bytes, limits: job.limits };
    slot.worker.postMessage(message, [job.bytes.buffer as ArrayBuffer]);
  }

  /** Workers hold the process open only while there is work: running, or queued and waiting for them. */
  function updateRefs(): void {
    const waiting = queue.length > 0;
    for (const slot of slots) {
      if (slot.job || (waiting && !slot.ready)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  function pump(): void {
    drain();
    updateRefs();
  }

  function drain(): void {
    while (queue.length > 0 && !closed) {
      const job = queue[0]!;
      const idle = [...slots].find((s) => s.ready && !s.job && s.memoryMb === job.limits.maxMemoryMb);
      if (idle) {
        queue.shift();
        run(idle, job);
        continue;
      }
      const starting = [...slots].some((s) => !s.ready && s.memoryMb === job.limits.maxMemoryMb);
      if (starting) return;
      if (slots.size < poolSize) {
        spawn(job.limits.maxMemoryMb);
        return;
      }
      // A call asked for another memory cap: swap an idle worker for one with that cap.
      const other = [...slots].find((s) => s.ready && !s.job);
      if (other) {
        other.dead = true;
        slots.delete(other);
        void other.worker.terminate();
        spawn(job.limits.maxMemoryMb);
      }
      return;
    }
  }

  warm();

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
      if (startFailures >= MAX_START_FAILURES) {
        return Promise.reject(new PdfEngineError('worker-unavailable', 'the inspection worker cannot start'));
      }
      return new Promise<InspectResult>((resolve, fail) => {
        // The worker gets its own copy, whose memory is then moved: the caller's buffer stays untouched and
        // usable (`Buffer#slice` would share the caller's memory, and hand it over).
        queue.push({ id: nextId++, bytes: new Uint8Array(bytes), limits: effective, resolve, fail });
        pump();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = new PdfEngineError('inspector-closed', 'the inspector was closed');
      for (const job of queue.splice(0)) job.fail(error);
      const all = [...slots];
      slots.clear();
      await Promise.all(
        all.map((slot) => {
          slot.dead = true;
          clearTimeout(slot.timer);
          slot.job?.fail(error);
          slot.job = undefined;
          return slot.worker.terminate();
        }),
      );
    },
  };
}
