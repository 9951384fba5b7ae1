/**
 * Hostile input: every file gets an answer within the time limit, and the inspector keeps
 * working afterwards (the next good file is accepted). All files are generated here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInspector,
  type Inspector,
  type InspectResult,
  prepare,
  type RejectReason,
} from '../src/index.ts';
import { makePdf } from '../src/testing/index.ts';
import { deflateBomb, onePage, rawPdf, stream } from './raw-pdf.ts';

const TIMEOUT_MS = 15_000;
let inspector: Inspector;
let good: Uint8Array;
let threePages: Uint8Array;

beforeAll(async () => {
  inspector = createInspector({ poolSize: 2, limits: { timeoutMs: TIMEOUT_MS } });
  good = await makePdf({ pages: 2 });
  threePages = await makePdf({ pages: 3 });
}, 120_000);
afterAll(() => inspector.close());

async function judge(
  bytes: Uint8Array,
  limits?: Parameters<Inspector['inspect']>[1],
): Promise<InspectResult> {
  const started = performance.now();
  const result = await inspector.inspect(bytes, limits);
  // The time limit, plus room for a replacement worker to start on a busy machine.
  expect(performance.now() - started).toBeLessThan((limits?.timeoutMs ?? TIMEOUT_MS) + 30_000);
  const after = await inspector.inspect(good);
  expect(after.ok).toBe(true);
  return result;
}

function expectRejected(result: InspectResult, reason: RejectReason, words?: RegExp): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.reason).toBe(reason);
  if (words) expect(result.message).toMatch(words);
}

const nested = (depth: number) => '['.repeat(depth) + '0' + ']'.repeat(depth);

describe('hostile input', { timeout: 120_000 }, () => {
  it('a truncated file', async () => {
    expectRejected(await judge(threePages.slice(0, Math.floor(threePages.length * 0.4))), 'load-failed');
  });

  it('%PDF followed by junk', async () => {
    const junk = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 251);
    const bytes = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...junk]);
    expectRejected(await judge(bytes), 'load-failed', /not a PDF|damaged/);
  });

  it('zero bytes', async () => {
    expectRejected(await judge(new Uint8Array(0)), 'load-failed', /empty/);
  });

  it('/Count 1000000, rejected from the declared count without walking a million pages', async () => {
    const bytes = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>',
      ...onePage().slice(2),
    ]);
    const started = performance.now();
    expectRejected(await judge(bytes), 'too-many-pages', /1,000,000 pages/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a /Count that does not match the page tree', async () => {
    const bytes = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 3 >>',
      ...onePage().slice(2),
    ]);
    expectRejected(await judge(bytes), 'load-failed', /page tree/);
  });

  it('100,000 nested arrays', async () => {
    const objects = onePage();
    objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Deep ${nested(100_000)} >>`;
    expectRejected(await judge(rawPdf(objects)), 'load-failed');
  });

  it('a cyclic page tree', async () => {
    const bytes = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>',
      ...onePage().slice(2),
    ]);
    expectRejected(await judge(bytes), 'load-failed');
  });

  it('a content stream that inflates to 1 GB', async () => {
    const objects = onePage();
    objects[3] = stream('/Filter /FlateDecode', deflateBomb(1024));
    expectRejected(await judge(rawPdf(objects)), 'load-failed', /expands to more than 256 MB/);
  });

  it('an xref whose /Prev points to itself (readers stop the loop; the document is fine)', async () => {
    const result = await judge(rawPdf(onePage(), { selfPrev: true }));
    expect(result.ok && result.pageCount).toBe(1);
  });

  it('offsets past the end of the file: startxref and every xref entry (rebuilt by scanning, or refused)', async () => {
    for (const options of [{ startxrefShift: 10_000_000 }, { objectOffsetShift: 10_000_000 }]) {
      const bytes = rawPdf(onePage(), options);
      const result = await judge(bytes);
      // pdf.js rebuilds a broken cross-reference table by scanning for objects; what it accepts, the
      // preparation (pdf-lib) must be able to carry through too, or the send would fail after the verdict.
      if (!result.ok) {
        expectRejected(result, 'load-failed');
        continue;
      }
      expect(result.pageCount).toBe(1);
      const prepared = await prepare(bytes, 1, result);
      expect(prepared.pageCount).toBe(2);
    }
  });

  it('a JavaScript action is accepted: nothing here runs it, and forms rely on scripts for formatting', async () => {
    const objects = onePage(undefined, '/OpenAction 6 0 R');
    objects.push('<< /S /JavaScript /JS (app.alert\\("hi"\\);) >>');
    const result = await judge(rawPdf(objects));
    expect(result.ok && result.pageCount).toBe(1);
  });

  it('a file that needs more memory than the cap: the worker is stopped and replaced', async () => {
    // pdf-lib parses every object: five million numbers take far more than 64 MB of heap.
    const numbers = '0 '.repeat(5_000_000);
    const objects = onePage();
    objects.push(`[${numbers}]`);
    expectRejected(
      await judge(rawPdf(objects), { maxMemoryMb: 64 }),
      'load-failed',
      /more than 64 MB of memory/,
    );
  });

  it('a file that takes longer than the time limit: the worker is stopped and replaced', async () => {
    const big = await makePdf({ pages: 60 });
    expectRejected(await judge(big, { timeoutMs: 30 }), 'load-failed', /longer than/);
  });
});
