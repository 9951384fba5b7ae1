/**
 * Inspection worker (started by entry.mjs, after preload.mjs loaded the parsers): installs the allocation
 * guard, then serves `inspect` tasks of the engine's thread pool one at a time. Everything the parsers print is
 * dropped: hostile files make them chatty, and the verdict is the only output that matters.
 */
import { workerData } from 'node:worker_threads';
import { serve } from '../../threads/serve.ts';
import type { InspectLimits, InspectResult } from '../types.ts';
import { installAllocationGuard } from './allocation-guard.ts';
import type { WorkerSettings } from './protocol.ts';

installAllocationGuard(workerData as WorkerSettings);
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[method] = () => {};

const { analyze } = await import('./analyze.ts');
const { loadFailure, reject } = await import('../messages.ts');

serve({
  async inspect(bytes: Uint8Array, limits: InspectLimits): Promise<InspectResult> {
    try {
      return await analyze(bytes, limits);
    } catch (error) {
      // Whatever the parsers throw is a verdict on the file, never an error of the engine.
      const overflow = error instanceof RangeError && /call stack/i.test(error.message);
      return reject.loadFailed(overflow ? loadFailure.notPdf : loadFailure.crashed);
    }
  },
});
