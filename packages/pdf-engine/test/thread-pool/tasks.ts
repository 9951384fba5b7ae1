import { PdfEngineError } from '../../src/errors.ts';
import { serve } from '../../src/threads/serve.ts';

const hold: unknown[] = [];

serve({
  echo: (value: unknown) => value,
  /** Returns a Buffer that is a view into a larger buffer: the pool must send only the view. */
  view: () => ({ bytes: Buffer.from('..hello..').subarray(2, 7) }),
  sum: (bytes: Uint8Array) => bytes.reduce((a, b) => a + b, 0),
  threadId: async () => (await import('node:worker_threads')).threadId,
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
  /** Busy for `ms`, then says which thread it ran in. */
  spinThread: async (ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {}
    return (await import('node:worker_threads')).threadId;
  },
});
