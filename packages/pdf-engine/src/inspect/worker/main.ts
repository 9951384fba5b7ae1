/**
 * Inspection worker loop (started by entry.mjs, after preload.mjs loaded the parsers): installs
 * the allocation guard, then answers one job at a time. Everything the parsers print is dropped: hostile files make
 * them chatty, and the verdict is the only output that matters.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { installAllocationGuard } from './allocation-guard.ts';
import type { JobMessage, WorkerReply, WorkerSettings } from './protocol.ts';

const settings = workerData as WorkerSettings;
const port = parentPort;
if (!port) throw new Error('the inspection worker must run in a worker thread');

installAllocationGuard(settings);
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[method] = () => {};

const { analyze } = await import('./analyze.ts');
const { loadFailure, reject } = await import('../messages.ts');

port.on('message', async (job: JobMessage) => {
  let reply: WorkerReply;
  try {
    reply = { type: 'result', id: job.id, result: await analyze(job.bytes, job.limits) };
  } catch (error) {
    const overflow = error instanceof RangeError && /call stack/i.test(error.message);
    reply = {
      type: 'result',
      id: job.id,
      result: reject.loadFailed(overflow ? loadFailure.notPdf : loadFailure.crashed),
    };
  }
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
