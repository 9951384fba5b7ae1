import { Worker } from 'node:worker_threads';
import type { Config } from '@countersign/config';
import { reviveError, serializeError } from '@countersign/pdf-engine';
import type { JobDispatcher } from '@countersign/queue';
import type { PdfTools } from '../pdf-tools.ts';
import type { Telemetry } from '../support/telemetry.ts';
import { type FromThread, movableBuffers, type ThreadData, type ToThread } from './protocol.ts';

export interface JobThreadsOptions {
  config: Config;
  /** Most threads, one job each at a time (WORKER_CONCURRENCY). */
  size: number;
  /** The main thread's telemetry, which every thread reports to. */
  telemetry: Telemetry;
  /** The process's PDF tools, which every thread's PDF work runs on. */
  pdf: PdfTools;
  /** A thread's stray failure (not a job's): logged by the caller. */
  onError?: (err: unknown) => void;
}

export interface JobThreads {
  /** Runs a job on a free thread (starting one when none is free and fewer than `size` run). */
  dispatch: JobDispatcher;
  /** Lets each thread close its runtime, then stops it. Call once no job runs. */
  close(): Promise<void>;
}

/** A thread that does not stop within this after being asked to is terminated. */
const CLOSE_TIMEOUT_MS = 10_000;

const ENTRY = new URL('./entry.mjs', import.meta.url);

interface Running {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job: { id: number; running: Running } | undefined;
  exited: Promise<void>;
}

type Job = Extract<ToThread, { type: 'job' }>;

/**
 * The embedded topology's job threads: each job of the in-process queue runs on one of them, off the API's
 * event loop, so a 10,000-entry send (CPU and synchronous SQLite work) never holds back a request. A thread
 * is like a worker process of the scaled topology: its own runtime and database connection, the same handlers.
 */
export function startJobThreads(options: JobThreadsOptions): JobThreads {
  const { config, size, telemetry, pdf, onError } = options;
  const threads = new Set<Thread>();
  const waiting: { job: Job; running: Running }[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Thread {
    const worker = new Worker(ENTRY, { workerData: { config } satisfies ThreadData });
    const thread: Thread = { worker, ready: false, job: undefined, exited: Promise.resolve() };
    thread.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    threads.add(thread);
    worker.on('message', (message: FromThread) => onMessage(thread, message));
    worker.on('error', (error) => lose(thread, error));
    worker.on('exit', (code) => lose(thread, new Error(`the job thread stopped (exit code ${code})`)));
    return thread;
  }

  /** A thread gone for good: its job fails (the queue retries it as any failed attempt) and it is replaced on demand. */
  function lose(thread: Thread, error: Error): void {
    if (!threads.delete(thread)) return;
    thread.job?.running.reject(error);
    thread.job = undefined;
    if (!thread.ready) for (const w of waiting.splice(0)) w.running.reject(error);
    pump();
  }

  function onMessage(thread: Thread, message: FromThread): void {
    switch (message.type) {
      case 'ready':
        thread.ready = true;
        pump();
        return;
      case 'job-done':
      case 'job-failed': {
        const job = thread.job;
        if (!job || job.id !== message.id) return;
        thread.job = undefined;
        if (message.type === 'job-done') job.running.resolve(message.value);
        else job.running.reject(reviveError(message.error));
        pump();
        return;
      }
      case 'pdf-call':
        callPdf(thread, message);
        return;
      case 'telemetry':
        (telemetry[message.method] as (...args: unknown[]) => void)(...message.args);
        return;
      case 'stray-error':
        onError?.(reviveError(message.error));
    }
  }

  function callPdf(thread: Thread, message: Extract<FromThread, { type: 'pdf-call' }>): void {
    const { callId, method, args } = message;
    const send = (reply: ToThread, transfer: ArrayBuffer[] = []) => {
      if (threads.has(thread)) thread.worker.postMessage(reply, transfer);
    };
    (pdf[method] as (...a: unknown[]) => Promise<unknown>)(...args).then(
      (value) => send({ type: 'pdf-result', callId, ok: true, value }, movableBuffers(value)),
      (error: unknown) => send({ type: 'pdf-result', callId, ok: false, error: serializeError(error) }),
    );
  }

  /** Hands waiting jobs to free threads, starts threads for the rest, and refs only the busy ones. */
  function pump(): void {
    for (const thread of threads) {
      if (!thread.ready || thread.job) continue;
      const next = waiting.shift();
      if (!next) break;
      thread.job = { id: next.job.id, running: next.running };
      thread.worker.postMessage(next.job);
    }
    const starting = [...threads].filter((t) => !t.ready).length;
    for (let n = starting; !closed && n < waiting.length && threads.size < size; n++) spawn();
    // Idle threads never hold the process open; a thread that runs or is about to run a job does.
    for (const thread of threads) {
      if (thread.job || (!thread.ready && waiting.length > 0)) thread.worker.ref();
      else thread.worker.unref();
    }
  }

  // One thread starts now (it loads the whole service, about a second), so the first job rarely waits for it.
  spawn();
  pump();

  return {
    dispatch(name, payload, ctx) {
      if (closed) return Promise.reject(new Error('the job threads are closed'));
      return new Promise((resolve, reject) => {
        const job: Job = { type: 'job', id: nextId++, name, payload, ...ctx };
        waiting.push({ job, running: { resolve, reject } });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const w of waiting.splice(0)) w.running.reject(new Error('the job threads are closed'));
      await Promise.all(
        [...threads].map(async (thread) => {
          thread.worker.ref();
          thread.worker.postMessage({ type: 'close' } satisfies ToThread);
          const timer = setTimeout(() => void thread.worker.terminate(), CLOSE_TIMEOUT_MS);
          await thread.exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
