/**
 * The one pool of warm worker threads behind every PDF job (inspect, detect, prepare, finalize), so pdf.js and
 * pdf-lib never run on the caller's event loop and a hostile file can neither exhaust its memory nor hang it.
 * Each worker runs one task at a time under a heap cap (resourceLimits) and a wall-clock limit; a worker that
 * runs out of memory, crashes or overruns is terminated and its task fails with a WorkerLostError that says
 * which; the next task gets a new worker. A worker is retired after TASKS_PER_WORKER tasks, so slow leaks in
 * the parsers never accumulate. Workers start on first use (or warm()), and hold the process open only while
 * they have work. Errors thrown by a task arrive as the same kind of error (threads/errors.ts).
 */
import { Worker } from 'node:worker_threads';
import { PdfEngineError } from '../errors.ts';
import type { MemoryBudget } from './budget.ts';
import { reviveError } from './errors.ts';
import type { TaskMessage, TaskReply } from './protocol.ts';

export interface ThreadPoolOptions {
  /** The worker's plain-JavaScript entry (see writer/worker/entry.mjs), which calls serve(). */
  entry: URL;
  /** Who fails, in error messages: "the PDF worker". */
  label: string;
  /** Most worker threads running at once. */
  size: number;
  /** Heap cap of each worker (old generation), in MB. */
  memoryMb: number;
  /** Wall-clock limit of one task (a task may ask for another). */
  timeoutMs: number;
  /** Handed to every worker as `workerData`. */
  workerData?: unknown;
  /** Shared with the process's other PDF pools: a task starts only once its reservation fits (budget.ts). */
  budget?: MemoryBudget;
}

export interface RunOptions {
  /** ArrayBuffers that move to the worker (unusable here afterwards); everything else is copied. */
  transfer?: ArrayBuffer[];
  /** This task's wall-clock limit instead of the pool's. */
  timeoutMs?: number;
  /** Bytes of the documents the task reads (they live outside the heap cap), for its budget reservation. */
  documentBytes?: number;
  /** MB the task uses outside its heap besides its documents (a renderer's canvases), for its budget reservation. */
  nativeMb?: number;
}

export interface ThreadPool {
  run<T>(task: string, args: unknown[], options?: RunOptions): Promise<T>;

  /** Starts workers up to the pool's size now and keeps it full, so no task waits for a cold start. */
  warm(): void;
  /** Stops the workers; pending and later tasks fail with WorkerLostError('closed'). */
  close(): Promise<void>;
}

/** Why a task's worker is gone: callers turn these into their own verdicts or errors. */
export type WorkerLoss = 'timeout' | 'out-of-memory' | 'crashed' | 'cannot-start' | 'closed';

export class WorkerLostError extends PdfEngineError {
  constructor(
    readonly loss: WorkerLoss,
    message: string,
  ) {
    super('worker-unavailable', message);
  }
}

/** A worker is retired after this many tasks, so slow leaks in the libraries never accumulate. */
const TASKS_PER_WORKER = 200;
/** Consecutive workers that die before becoming ready; then the pool gives up instead of looping. */
const MAX_START_FAILURES = 3;
/** A worker not ready by then is stuck (loading pdf.js takes well under a second). */
const START_TIMEOUT_MS = 30_000;
/**
 * Copies of its documents a task holds outside its heap at worst: the input it was given, the bytes a library
 * writes out, and the result it sends back.
 */
const DOCUMENT_COPIES = 3;
const MB = 1024 * 1024;

/** The young generation of a worker with this heap cap (resourceLimits); part of what a task reserves. */
const youngGenerationMb = (memoryMb: number) => Math.min(64, Math.max(8, memoryMb / 8));

/** Most a task can use: its worker's heap (old and young generations), its documents' bytes and native memory. */
export const reservationMb = (memoryMb: number, documentBytes: number, nativeMb = 0) =>
  Math.ceil(memoryMb + youngGenerationMb(memoryMb) + (DOCUMENT_COPIES * documentBytes) / MB + nativeMb);

interface Job {
  id: number;
  task: string;
  args: unknown[];
  transfer: ArrayBuffer[];
  timeoutMs: number;
  resolve(value: unknown): void;
  fail(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | undefined;
  /** The task's time limit, or the start-up limit before the worker is ready. */
  timer: NodeJS.Timeout | undefined;
  tasksDone: number;
  dead: boolean;
}

export function createThreadPool(options: ThreadPoolOptions): ThreadPool {
  const { entry, label, size, memoryMb, timeoutMs, workerData } = options;
  for (const [name, value] of Object.entries({ size, memoryMb, timeoutMs })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new PdfEngineError(
        'invalid-argument',
        `${name} must be a positive integer, got ${String(value)}`,
      );
    }
  }
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let startFailures = 0;
  /** Once warm() was called, the pool stays full: a retired worker is replaced at once, not on the next task. */
  let keepWarm = false;
  const lost = (loss: WorkerLoss, why: string) => new WorkerLostError(loss, `${label} ${why}`);

  function spawn(): void {
    const worker = new Worker(entry, {
      workerData,
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        maxYoungGenerationSizeMb: youngGenerationMb(memoryMb),
      },
    });
    // Not `stdout: true` (workers silence their parsers' console instead): a piped worker stdout keeps the
    // parent process alive even when the worker is unref'd.
    worker.unref();
    const slot: Slot = { worker, ready: false, job: undefined, timer: undefined, tasksDone: 0, dead: false };
    slots.add(slot);
    slot.timer = setTimeout(() => retire(slot, lost('cannot-start', 'did not start')), START_TIMEOUT_MS);
    slot.timer.unref();
    worker.on('message', (reply: TaskReply) => onReply(slot, reply));
    worker.on('error', (error: Error & { code?: string }) => {
      retire(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? lost('out-of-memory', `ran out of memory (heap cap ${memoryMb} MB)`)
          : lost('crashed', `crashed: ${error.message}`),
      );
    });
    worker.on('exit', (code) => retire(slot, lost('crashed', `stopped unexpectedly (exit code ${code})`)));
  }

  function onReply(slot: Slot, reply: TaskReply): void {
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
    slot.tasksDone++;
    if (reply.type === 'done') job.resolve(reply.value);
    else job.fail(reviveError(reply.error));
    if (slot.tasksDone >= TASKS_PER_WORKER) retire(slot, undefined);
    pump();
  }

  /** Removes a worker for good; its running task (if any) fails with `error`. */
  function retire(slot: Slot, error: Error | undefined): void {
    if (slot.dead) return;
    slot.dead = true;
    slots.delete(slot);
    clearTimeout(slot.timer);
    if (!slot.ready) startFailures++;
    const job = slot.job;
    slot.job = undefined;
    void slot.worker.terminate();
    if (job) job.fail(error ?? lost('crashed', 'stopped'));
    if (closed) return;
    if (startFailures >= MAX_START_FAILURES) {
      for (const waiting of queue.splice(0)) waiting.fail(lost('cannot-start', 'cannot start'));
      return;
    }
    if (keepWarm) fill();
    pump();
  }

  function fill(): void {
    while (!closed && slots.size < size && startFailures < MAX_START_FAILURES) spawn();
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(
      () => retire(slot, lost('timeout', `did not finish within ${job.timeoutMs / 1000} s`)),
      job.timeoutMs,
    );
    const message: TaskMessage = { id: job.id, task: job.task, args: job.args };
    slot.worker.postMessage(message, job.transfer);
    // The worker owns the task's data now; the pool keeps no reference to it (nor to any secret in it).
    job.args = [];
    job.transfer = [];
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
    while (queue.length > 0 && !closed) {
      const idle = [...slots].find((s) => s.ready && !s.job);
      if (!idle) break;
      run(idle, queue.shift()!);
    }
    // Start workers for what is still queued (none before the first task: short-lived processes never pay).
    const starting = [...slots].filter((s) => !s.ready).length;
    for (let n = starting; !closed && n < queue.length && slots.size < size; n++) spawn();
    updateRefs();
  }

  function enqueue<T>(task: string, args: unknown[], runOptions: RunOptions): Promise<T> {
    if (closed) return Promise.reject(lost('closed', 'pool is closed'));
    if (startFailures >= MAX_START_FAILURES) return Promise.reject(lost('cannot-start', 'cannot start'));
    return new Promise<T>((resolve, fail) => {
      queue.push({
        id: nextId++,
        task,
        args,
        transfer: runOptions.transfer ?? [],
        timeoutMs: runOptions.timeoutMs ?? timeoutMs,
        resolve: resolve as (v: unknown) => void,
        fail,
      });
      pump();
    });
  }

  return {
    async run<T>(task: string, args: unknown[], runOptions: RunOptions = {}) {
      if (!options.budget) return enqueue<T>(task, args, runOptions);
      const release = await options.budget.reserve(
        reservationMb(memoryMb, runOptions.documentBytes ?? 0, runOptions.nativeMb ?? 0),
      );
      try {
        return await enqueue<T>(task, args, runOptions);
      } finally {
        release();
      }
    },
    warm() {
      keepWarm = true;
      fill();
      updateRefs();
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = lost('closed', 'pool was closed');
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
