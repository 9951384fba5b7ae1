/**
 * A small pool of warm worker threads running named tasks, for CPU-bound engine work that must not
 * block the caller's event loop (finalize, prepare). The same mechanics as the inspection pool
 * (inspect/pool.ts): each worker runs one task at a time under a heap cap (resourceLimits) and a
 * wall-clock limit; a worker that runs out of memory, crashes or overruns is terminated and its task
 * fails with PdfEngineError('worker-unavailable'); the next task gets a new worker. Workers start on
 * first use, and hold the process open only while they have work. Errors thrown by a task arrive as
 * the same kind of error (threads/errors.ts).
 */
import { Worker } from 'node:worker_threads';
import { PdfEngineError } from '../errors.ts';
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
  /** Wall-clock limit of one task. */
  timeoutMs: number;
}

export interface ThreadPool {
  /**
   * Runs `task` in a worker. The ArrayBuffers in `transfer` move to the worker (unusable here
   * afterwards); everything else in `args` is copied by structured cloning.
   */
  run<T>(task: string, args: unknown[], transfer?: ArrayBuffer[]): Promise<T>;
  /** Stops the workers; pending and later tasks fail with PdfEngineError('worker-unavailable'). */
  close(): Promise<void>;
}

/** A worker is retired after this many tasks, so slow leaks in the libraries never accumulate. */
const TASKS_PER_WORKER = 200;
/** Consecutive workers that die before becoming ready; then the pool gives up instead of looping. */
const MAX_START_FAILURES = 3;
/** A worker not ready by then is stuck (loading pdf-lib and forge takes well under a second). */
const START_TIMEOUT_MS = 30_000;

interface Job {
  id: number;
  task: string;
  args: unknown[];
  transfer: ArrayBuffer[];
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
  const { entry, label, size, memoryMb, timeoutMs } = options;
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
  const unavailable = (why: string) => new PdfEngineError('worker-unavailable', `${label} ${why}`);

  function spawn(): void {
    const worker = new Worker(entry, {
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, memoryMb / 8)),
      },
    });
    // Not `stdout: true`: a piped worker stdout keeps the parent process alive even when unref'd.
    worker.unref();
    const slot: Slot = { worker, ready: false, job: undefined, timer: undefined, tasksDone: 0, dead: false };
    slots.add(slot);
    slot.timer = setTimeout(() => retire(slot, unavailable('did not start')), START_TIMEOUT_MS);
    slot.timer.unref();
    worker.on('message', (reply: TaskReply) => onReply(slot, reply));
    worker.on('error', (error: Error & { code?: string }) => {
      retire(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? unavailable(`ran out of memory (heap cap ${memoryMb} MB)`)
          : unavailable(`crashed: ${error.message}`),
      );
    });
    worker.on('exit', (code) => retire(slot, unavailable(`stopped unexpectedly (exit code ${code})`)));
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
    if (job) job.fail(error ?? unavailable('stopped'));
    if (closed) return;
    if (startFailures >= MAX_START_FAILURES) {
      for (const waiting of queue.splice(0)) waiting.fail(unavailable('cannot start'));
      return;
    }
    pump();
  }

  function run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(
      () => retire(slot, unavailable(`did not finish within ${timeoutMs / 1000} s`)),
      timeoutMs,
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

  return {
    run<T>(task: string, args: unknown[], transfer: ArrayBuffer[] = []) {
      if (closed) return Promise.reject(unavailable('pool is closed'));
      if (startFailures >= MAX_START_FAILURES) return Promise.reject(unavailable('cannot start'));
      return new Promise<T>((resolve, fail) => {
        queue.push({ id: nextId++, task, args, transfer, resolve: resolve as (v: unknown) => void, fail });
        pump();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = unavailable('pool was closed');
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
