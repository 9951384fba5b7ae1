/**
 * The process's PDF memory budget (threads/budget.ts): reservations wait in arrival order and never exceed it;
 * the inspector and the writer reserve before each task, so four large documents at once stay under it; a
 * small document that outgrows a small worker's heap is written again by a large worker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createInspector,
  createMemoryBudget,
  createPdfWriter,
  type InspectOk,
  type Inspector,
  type PdfWriter,
  SMALL_DOCUMENT_BYTES,
  writerReservationMb,
} from '../src/index.ts';
import { manyObjectPdf } from '../src/testing/index.ts';

const MB = 1024 * 1024;
const open: (Inspector | PdfWriter)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

describe('memory budget', () => {
  it('grants reservations in arrival order, never more than the total at once', async () => {
    const budget = createMemoryBudget(100);
    const order: string[] = [];
    const take = (name: string, mb: number) =>
      budget.reserve(mb).then((release) => {
        order.push(name);
        return release;
      });
    const a = await take('a', 60);
    const b = take('b', 50); // does not fit beside a
    const c = take('c', 10); // would fit, but waits behind b: a large request is never starved
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['a']);
    expect(budget.inUseMb()).toBe(60);
    a();
    a(); // releasing twice gives back once
    const [releaseB, releaseC] = await Promise.all([b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(budget.inUseMb()).toBe(60);
    releaseB();
    releaseC();
    expect(budget.inUseMb()).toBe(0);
    await expect(budget.reserve(101)).rejects.toThrow('more than the whole budget of 100 MB');
  });
});

describe('PDF work under a budget', () => {
  it('four large many-object documents at once: all inspected and prepared, the budget never exceeded', async () => {
    // Above SMALL_DOCUMENT_BYTES, so each prepare takes a large worker: the budget below holds one at a time.
    const docs = [0, 1, 2, 3].map((i) => manyObjectPdf(40_000 + i, SMALL_DOCUMENT_BYTES + MB));
    const largeMb = 1024;
    const budget = createMemoryBudget(writerReservationMb(docs[0]!.byteLength, largeMb) + 400);
    const inspector = createInspector({ limits: { maxMemoryMb: 256, timeoutMs: 120_000 }, budget });
    const writer = createPdfWriter({ maxMemoryMb: largeMb, smallMemoryMb: 256, budget });
    open.push(inspector, writer);
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, budget.inUseMb());
    }, 5);
    try {
      const results = await Promise.all(
        docs.map(async (bytes) => {
          const inspected = await inspector.inspect(bytes);
          expect(inspected).toMatchObject({ ok: true, pageCount: 1 });
          return writer.prepare(bytes, 2, inspected as InspectOk);
        }),
      );
      for (const prepared of results) expect(prepared.pageCount).toBeGreaterThan(1); // signature page added
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(budget.totalMb);
    expect(budget.inUseMb()).toBe(0);
  }, 240_000);

  it('writes a small document again on a large worker when it outgrows the small heap cap', async () => {
    const bytes = manyObjectPdf(30_000, 2 * MB);
    const inspector = createInspector({ limits: { timeoutMs: 120_000 } });
    // A small-document heap far too small for 30,000 objects: the first attempt runs out of memory.
    const writer = createPdfWriter({ smallMemoryMb: 16, maxMemoryMb: 512 });
    open.push(inspector, writer);
    const inspected = await inspector.inspect(bytes);
    expect(inspected.ok).toBe(true);
    const prepared = await writer.prepare(bytes, 1, inspected as InspectOk);
    expect(prepared.pageCount).toBe(2);
    // With no larger worker to turn to, the same document fails: the success above was the large worker's.
    const smallOnly = createPdfWriter({ smallMemoryMb: 16, maxMemoryMb: 16 });
    open.push(smallOnly);
    // That is the per-document bound: refused with the inspector's words for a file too big to read.
    await expect(smallOnly.prepare(bytes, 1, inspected as InspectOk)).rejects.toMatchObject({
      name: 'PdfEngineError',
      code: 'not-accepted',
      reason: 'load-failed',
      message: expect.stringContaining('needed more than 16 MB of memory'),
    });
  }, 240_000);
});
