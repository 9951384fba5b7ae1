/**
 * The generic thread pool behind the PDF writer (src/threads): results and bytes move both ways, errors
 * keep their kind, a worker that dies or overruns fails its task and is replaced, close() stops everything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PdfEngineError } from '../src/errors.ts';
import { createThreadPool, type ThreadPool, WorkerLostError } from '../src/threads/pool.ts';

const entry = new URL('./thread-pool/entry.mjs', import.meta.url);
const pools: ThreadPool[] = [];
const pool = (options: { size?: number; memoryMb?: number; timeoutMs?: number } = {}) => {
  const created = createThreadPool({
    entry,
    label: 'the test worker',
    size: options.size ?? 1,
    memoryMb: options.memoryMb ?? 256,
    timeoutMs: options.timeoutMs ?? 20_000,
  });
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('thread pool', { timeout: 60_000 }, () => {
  it('runs tasks, moving transferred bytes and copying nothing else', async () => {
    const p = pool();
    expect(await p.run('echo', [{ at: new Date(5), list: [1, 'a'] }])).toEqual({
      at: new Date(5),
      list: [1, 'a'],
    });
    const bytes = new Uint8Array([1, 2, 3, 250]);
    expect(await p.run('sum', [bytes], { transfer: [bytes.buffer] })).toBe(256);
    expect(bytes.byteLength).toBe(0); // moved, not copied
    const { bytes: view } = await p.run<{ bytes: Uint8Array }>('view', []);
    expect(Buffer.from(view).toString()).toBe('hello');
    expect(view.buffer.byteLength).toBe(5);
  });

  it('rebuilds a PdfEngineError with its class, code, message, reason and cause; built-ins keep theirs', async () => {
    const p = pool();
    const error = await p.run('engineError', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfEngineError);
    expect(error).toMatchObject({
      name: 'PdfEngineError',
      code: 'invalid-argument',
      message: 'no such page',
      reason: 'too-many-pages',
    });
    expect((error as Error).cause).toBeInstanceOf(RangeError);
    expect(((error as Error).cause as Error).message).toBe('page 9 of 3');
    expect((error as Error).stack).toContain('tasks.ts');
    const typeError = await p.run('typeError', []).catch((e: unknown) => e);
    expect(typeError).toBeInstanceOf(TypeError);
    expect((typeError as Error).message).toBe('not a function');
    const unknown = await p.run('nope', []).catch((e: unknown) => e);
    expect((unknown as Error).message).toBe('unknown task nope');
  });

  it('fails the task of a worker that exits, and replaces the worker', async () => {
    const p = pool();
    const first = await p.run<number>('threadId', []);
    const error = await p.run('exit', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerLostError);
    expect(error).toMatchObject({ code: 'worker-unavailable', loss: 'crashed' });
    expect((error as Error).message).toMatch(/the test worker stopped unexpectedly \(exit code 3\)/);
    const second = await p.run<number>('threadId', []);
    expect(second).not.toBe(first);
  });

  it('fails the task of a worker that runs out of memory, and replaces the worker', async () => {
    const p = pool({ memoryMb: 64 });
    const error = await p.run('oom', []).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'PdfEngineError',
      code: 'worker-unavailable',
      loss: 'out-of-memory',
    });
    expect((error as Error).message).toMatch(/ran out of memory \(heap cap 64 MB\)/);
    expect(await p.run('echo', [7])).toBe(7);
  });

  it('terminates a task that overruns its time limit', async () => {
    const p = pool({ timeoutMs: 300 });
    await p.run('echo', [0]); // started: the limit is the task's alone
    const error = await p.run('spin', [10_000]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'worker-unavailable', loss: 'timeout' });
    expect((error as Error).message).toMatch(/did not finish within 0.3 s/);
    expect(await p.run('spin', [10])).toBe('done');
  });

  it('uses the time limit a task asks for instead of the pool one', async () => {
    const p = pool({ timeoutMs: 20_000 });
    await p.run('echo', [0]);
    const error = await p.run('spin', [10_000], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ loss: 'timeout', message: 'the test worker did not finish within 0.2 s' });
    expect(await p.run('spin', [300], { timeoutMs: 20_000 })).toBe('done');
  });

  it('hands workerData to every worker', async () => {
    const p = createThreadPool({
      entry,
      label: 'the test worker',
      size: 1,
      memoryMb: 256,
      timeoutMs: 20_000,
      workerData: { answer: 42 },
    });
    pools.push(p);
    expect(await p.run('workerData', [])).toEqual({ answer: 42 });
  });

  it('runs up to `size` tasks at once and queues the rest', async () => {
    const p = pool({ size: 2 });
    // Each of the first two tasks holds its worker until the other has started: they can only finish by running
    // at once, on two threads. The next four queue behind them, and never get a third thread.
    const meeting = new Int32Array(new SharedArrayBuffer(4));
    const ids = await Promise.all([
      p.run<number>('rendezvous', [meeting, 2]),
      p.run<number>('rendezvous', [meeting, 2]),
      ...[1, 2, 3, 4].map(() => p.run<number>('spinThread', [50])),
    ]);
    expect(new Set(ids.slice(0, 2)).size).toBe(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('close() fails running and queued tasks, and later calls', async () => {
    const p = pool();
    await p.run('echo', [0]); // the worker is ready: the next task goes to it at once
    const running = p.run('spin', [5_000]).catch((e: unknown) => e);
    const queued = p.run('echo', [1]).catch((e: unknown) => e);
    await p.close();
    for (const error of [await running, await queued, await p.run('echo', [1]).catch((e: unknown) => e)]) {
      expect(error).toMatchObject({ name: 'PdfEngineError', code: 'worker-unavailable', loss: 'closed' });
    }
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => createThreadPool({ entry, label: 'x', size: 0, memoryMb: 64, timeoutMs: 1 })).toThrow(
      PdfEngineError,
    );
  });
});
