/**
 * Field detection for template design: `detectFields` runs in one warm worker thread (started on first use,
 * idle workers never keep the process alive), under a heap cap and a time limit, so pdf.js never runs on
 * the caller's thread: its legacy build patches built-ins process-wide, and a hostile file must not hang
 * the API. The document must have been accepted by `inspect` first; pass the pages it measured.
 */
import { Worker } from 'node:worker_threads';
import type { PageFrame } from '../geometry/convert.ts';
import type { DetectOptions, DetectResult } from './types.ts';
import type { DetectJob, DetectReply } from './worker/protocol.ts';

const ENTRY = new URL('./worker/entry.mjs', import.meta.url);
const DEFAULT_TIMEOUT_MS = 60_000;
const MEMORY_MB = 512;
const START_TIMEOUT_MS = 30_000;

export type DetectErrorCode = 'detect-timeout' | 'detect-failed' | 'worker-unavailable';

/** Detection could not finish (the file defeated the parsers, or the worker died or overran). */
export class DetectError extends Error {
  override readonly name = 'DetectError';
  constructor(
    readonly code: DetectErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface Job {
  id: number;
  bytes: Uint8Array;
  frames: PageFrame[];
  timeoutMs: number;
  resolve(result: DetectResult): void;
  fail(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
  dead: boolean;
}

let slot: Slot | undefined;
const queue: Job[] = [];
let nextId = 1;

export function detectFields(
  bytes: Uint8Array,
  pages: readonly PageFrame[],
  options: DetectOptions = {},
): Promise<DetectResult> {
  if (!(bytes instanceof Uint8Array))
    return Promise.reject(new TypeError('detectFields expects a Uint8Array'));
  const frames = pages.map(({ cropBox, rotation, userUnit }) => ({ cropBox, rotation, userUnit }));
  return new Promise<DetectResult>((resolve, fail) => {
    queue.push({
      id: nextId++,
      bytes: new Uint8Array(bytes), // a copy of its own, even of a Buffer (whose slice shares memory)
      frames,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      resolve,
      fail,
    });
    pump();
  });
}

/** Starts the worker now, so its start-up overlaps other work (inspection) instead of following it. */
export function startDetector(): void {
  slot ??= spawn();
}

/** Stops the detection worker (a later call starts a new one); pending calls fail. */
export async function closeDetector(): Promise<void> {
  const current = slot;
  slot = undefined;
  const error = new DetectError('worker-unavailable', 'the detector was closed');
  for (const job of queue.splice(0)) job.fail(error);
  if (!current) return;
  current.dead = true;
  clearTimeout(current.timer);
  current.job?.fail(error);
  await current.worker.terminate();
}

function spawn(): Slot {
  const worker = new Worker(ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB, maxYoungGenerationSizeMb: 64 },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  worker.unref();
  const s: Slot = { worker, ready: false, job: undefined, timer: undefined, dead: false };
  s.timer = setTimeout(
    () => retire(s, new DetectError('worker-unavailable', 'the detection worker did not start')),
    START_TIMEOUT_MS,
  );
  s.timer.unref();
  worker.on('message', (reply: DetectReply) => onReply(s, reply));
  worker.on('error', (error: Error & { code?: string }) =>
    retire(
      s,
      new DetectError(
        'detect-failed',
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `detection needed more than ${MEMORY_MB} MB`
          : 'the detection worker crashed',
      ),
    ),
  );
  worker.on('exit', () => retire(s, new DetectError('detect-failed', 'the detection worker stopped')));
  return s;
}

function onReply(s: Slot, reply: DetectReply): void {
  if (s.dead) return;
  if (reply.type === 'ready') {
    clearTimeout(s.timer);
    s.ready = true;
    pump();
    return;
  }
  const job = s.job;
  if (!job || job.id !== reply.id) return;
  clearTimeout(s.timer);
  s.job = undefined;
  s.worker.unref();
  if (reply.type === 'result') job.resolve(reply.result);
  else job.fail(new DetectError('detect-failed', `field detection failed: ${reply.message}`));
  pump();
}

/** Drops a worker for good; its job (and, if it never started, every waiting job) gets `error`. */
function retire(s: Slot, error: DetectError): void {
  if (s.dead) return;
  s.dead = true;
  clearTimeout(s.timer);
  if (slot === s) slot = undefined;
  void s.worker.terminate();
  s.job?.fail(error);
  s.job = undefined;
  if (!s.ready) for (const job of queue.splice(0)) job.fail(error);
  pump();
}

function pump(): void {
  if (queue.length === 0) return;
  slot ??= spawn();
  const s = slot;
  if (!s.ready || s.job) return;
  const job = queue.shift()!;
  s.job = job;
  s.worker.ref();
  s.timer = setTimeout(
    () =>
      retire(s, new DetectError('detect-timeout', `field detection took longer than ${job.timeoutMs} ms`)),
    job.timeoutMs,
  );
  const message: DetectJob = { id: job.id, bytes: job.bytes, frames: job.frames };
  s.worker.postMessage(message, [job.bytes.buffer as ArrayBuffer]);
}
