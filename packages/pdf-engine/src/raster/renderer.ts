/**
 * Pages drawn ahead of time, on the engine's thread pool (threads/pool.ts): each document is drawn by a warm worker
 * under a heap cap and a time limit, and its task reserves, from the process's PDF memory budget, the worker's heap,
 * its document's copies and the canvas cap (canvas-factory.ts), the pixels pdf.js draws with outside the heap.
 */
import { PdfEngineError } from '../errors.ts';
import type { MemoryBudget } from '../threads/budget.ts';
import { createThreadPool, reservationMb } from '../threads/pool.ts';
import { CANVAS_MAX_MB } from './canvas-factory.ts';
import { checkRenderOptions, MAX_OUTPUT_MB } from './sizes.ts';
import type { PageRenderer, RenderedPage } from './types.ts';

export interface PageRendererOptions {
  /** The process's PDF memory budget, shared with the inspector and the PDF writer (threads/budget.ts). */
  budget?: MemoryBudget;
  /** Most worker threads at once (default 2); each starts on first need and stays warm, unref'd. */
  size?: number;
  /** Heap cap of each worker in MB (default 1024: pdf.js holds a page's decoded images in its heap). */
  memoryMb?: number;
  /** Time limit of one document (default 300 s; 100 pages at 800 and 1600 px take 30-70 s). */
  timeoutMs?: number;
}

const DEFAULT_MEMORY_MB = 1024;

/** The most one render task on a document of `documentBytes` reserves (a budget must hold at least this). */
export const rendererReservationMb = (documentBytes: number, memoryMb = DEFAULT_MEMORY_MB) =>
  reservationMb(memoryMb, documentBytes, CANVAS_MAX_MB + MAX_OUTPUT_MB);

const ENTRY = new URL('./worker/entry.mjs', import.meta.url);

export function createPageRenderer(options: PageRendererOptions = {}): PageRenderer {
  const pool = createThreadPool({
    entry: ENTRY,
    label: 'the page rendering worker',
    size: options.size ?? 2,
    memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
    timeoutMs: options.timeoutMs ?? 300_000,
    budget: options.budget,
  });
  return {
    render(bytes, renderOptions) {
      if (!(bytes instanceof Uint8Array)) {
        return Promise.reject(new PdfEngineError('invalid-argument', 'render expects a Uint8Array'));
      }
      let checked: ReturnType<typeof checkRenderOptions>;
      try {
        checked = checkRenderOptions(renderOptions);
      } catch (error) {
        return Promise.reject(error);
      }
      // One copy (new Uint8Array, not slice: Buffer#slice shares memory), moved to the worker; the images come back
      // moved too (threads/serve.ts).
      const copy = new Uint8Array(bytes);
      return pool.run<RenderedPage[]>('render', [copy, checked], {
        transfer: [copy.buffer],
        documentBytes: copy.byteLength,
        nativeMb: CANVAS_MAX_MB + MAX_OUTPUT_MB,
      });
    },
    close: () => pool.close(),
  };
}
