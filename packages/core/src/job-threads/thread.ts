import { parentPort, workerData } from 'node:worker_threads';
import { serializeError } from '@countersign/pdf-engine';
import { throughTheWire } from '@countersign/queue';
import { createRuntime } from '../runtime.ts';
import type { Telemetry } from '../support/telemetry.ts';
import type { FromThread, ThreadData, ToThread } from './protocol.ts';
import { movableBuffers } from './protocol.ts';
import { remotePdfTools } from './remote-pdf.ts';

/**
 * One job thread: a runtime of its own (its own database connection, mailer and outbox passes, as a worker
 * process has) that runs one job at a time for the main thread's in-process queue. PDF work goes back to the
 * main thread's pools; what the runtime reports goes to the main thread's telemetry.
 */
const port = parentPort;
if (!port) throw new Error('thread.ts runs in a job thread');
const post = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const forward =
  (method: keyof Telemetry) =>
  (...args: unknown[]) =>
    post({ type: 'telemetry', method, args });
const telemetry: Telemetry = {
  job: forward('job'),
  delivery: forward('delivery'),
  completion: forward('completion'),
  busyWait: forward('busyWait'),
};
const pdf = remotePdfTools(port);
const { config } = workerData as ThreadData;
const runtime = await createRuntime(config, { telemetry, pdf });

// A stray rejection is a bug to report, not a reason to lose the thread and the job it runs.
process.on('unhandledRejection', (error) => post({ type: 'stray-error', error: serializeError(error) }));

port.on('message', async (message: ToThread) => {
  switch (message.type) {
    case 'pdf-result':
      pdf.settle(message);
      return;
    case 'close':
      await runtime.close();
      port.close();
      return;
    case 'job': {
      const { id, name, payload, jobId, attempt, dueAt } = message;
      try {
        // The in-process queue leaves the wire's JSON round trips to the thread that runs the job (in-process.ts).
        const value = throughTheWire(
          await runtime.jobs.dispatch(name, throughTheWire(payload), { jobId, attempt, dueAt }),
        );
        post({ type: 'job-done', id, value }, movableBuffers(value));
      } catch (error) {
        post({ type: 'job-failed', id, error: serializeError(error) });
      }
    }
  }
});
post({ type: 'ready' });
