import { PdfEngineError } from '../../src/errors.ts';
import { serve } from '../../src/threads/serve.ts';

const hold: unknown[] = [];

serve({
  echo: (value: unknown) => value,
  /** Returns a Buffer that is a view into a larger buffer: the pool must send only the view. */
  view: () => ({ bytes: Buffer.from('..hello..').subarray(2, 7) }),
  sum: (bytes: Uint8Array) => bytes.reduce((a, b) => a + b, 0),
  threadId: async () => (await import('node:worker_threads')).threadId,
  workerData: async () => (await import('node:worker_threads')).workerData,
  engineError: () => {
    throw new PdfEngineError('invalid-argument', 'no such page', {
      cause: new RangeError('page 9 of 3'),
      reason: 'too-many-pages',
    });
  },
  typeError: () => {
    throw new TypeError('not a function');
  },
  exit: () => process.exit(3),
  oom: () => {
    for (;;) hold.push(new Array(1 << 16).fill({ x: Math.random() }));
  },
  spin: (ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {}
    return 'done';
  },
  /** Counts itself in, waits (up to 20 s) until `count` tasks have, then says which thread it ran in. */
  rendezvous: async (meeting: Int32Array, count: number) => {
    Atomics.add(meeting, 0, 1);
    Atomics.notify(meeting, 0);
    const deadline = Date.now() + 20_000;
    for (let seen = Atomics.load(meeting, 0); seen < count; seen = Atomics.load(meeting, 0)) {
      if (Date.now() > deadline) throw new Error(`only ${seen} of ${count} tasks met`);
      Atomics.wait(meeting, 0, seen, 1_000);
    }
    return (await import('node:worker_threads')).threadId;
  },
  /** Busy for `ms`, then says which thread it ran in. */
  spinThread: async (ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {}
    return (await import('node:worker_threads')).threadId;
  },
});
