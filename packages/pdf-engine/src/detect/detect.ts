/**
 * Field detection for template design, on the engine's thread pool (threads/pool.ts): one warm worker (started
 * on first use or by startDetector, idle workers never keep the process alive), under a heap cap and a time
 * limit, so pdf.js never runs on the caller's thread: its legacy build patches built-ins process-wide, and a
 * hostile file must not hang the API. The document must have been accepted by `inspect` first; pass the pages
 * it measured.
 */
import type { PageFrame } from '../geometry/convert.ts';
import { createThreadPool, WorkerLostError } from '../threads/pool.ts';
import type { DetectOptions, DetectResult } from './types.ts';

const ENTRY = new URL('./worker/entry.mjs', import.meta.url);
const DEFAULT_TIMEOUT_MS = 60_000;
const MEMORY_MB = 512;

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

export interface Detector {
  detectFields(
    bytes: Uint8Array,
    pages: readonly PageFrame[],
    options?: DetectOptions,
  ): Promise<DetectResult>;
  /** Starts the worker now, so its start-up overlaps other work (inspection) instead of following it. */
  start(): void;
  /** Stops the worker; pending and later calls fail with DetectError('worker-unavailable'). */
  close(): Promise<void>;
}

export function createDetector(): Detector {
  const pool = createThreadPool({
    entry: ENTRY,
    label: 'the detection worker',
    size: 1,
    memoryMb: MEMORY_MB,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  });
  return {
    detectFields(bytes, pages, options = {}) {
      if (!(bytes instanceof Uint8Array))
        return Promise.reject(new TypeError('detectFields expects a Uint8Array'));
      const frames = pages.map(({ cropBox, rotation, userUnit }) => ({ cropBox, rotation, userUnit }));
      const copy = new Uint8Array(bytes); // a copy of its own, even of a Buffer (whose slice shares memory)
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      return pool
        .run<DetectResult>('detect', [copy, frames], { transfer: [copy.buffer], timeoutMs })
        .catch((error: unknown) => {
          throw detectError(error, timeoutMs);
        });
    },
    start: () => pool.warm(),
    close: () => pool.close(),
  };
}

function detectError(error: unknown, timeoutMs: number): DetectError {
  if (!(error instanceof WorkerLostError)) {
    return new DetectError('detect-failed', `field detection failed: ${(error as Error).message}`);
  }
  switch (error.loss) {
    case 'timeout':
      return new DetectError('detect-timeout', `field detection took longer than ${timeoutMs} ms`);
    case 'out-of-memory':
      return new DetectError('detect-failed', `detection needed more than ${MEMORY_MB} MB`);
    case 'crashed':
      return new DetectError('detect-failed', 'the detection worker crashed');
    case 'closed':
      return new DetectError('worker-unavailable', 'the detector was closed');
    case 'cannot-start':
      return new DetectError('worker-unavailable', 'the detection worker did not start');
  }
}

let shared: Detector | undefined;

/** detectFields on a shared detector created on first use (as inspect() shares an inspector). */
export function detectFields(
  bytes: Uint8Array,
  pages: readonly PageFrame[],
  options: DetectOptions = {},
): Promise<DetectResult> {
  shared ??= createDetector();
  return shared.detectFields(bytes, pages, options);
}

/** Starts the shared detector's worker now, so its start-up overlaps other work. */
export function startDetector(): void {
  shared ??= createDetector();
  shared.start();
}

/** Stops the shared detector (a later call starts a new one); pending calls fail. */
export async function closeDetector(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.close();
}
