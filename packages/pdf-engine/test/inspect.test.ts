import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDefaultInspector,
  createInspector,
  DEFAULT_INSPECT_LIMITS,
  type InspectOk,
  type Inspector,
  inspect,
  PdfEngineError,
  sha256Hex,
} from '../src/index.ts';
import { makePdf } from '../src/testing/index.ts';

let inspector: Inspector;
let textPdf: Uint8Array;

beforeAll(async () => {
  inspector = createInspector({ poolSize: 2 });
  textPdf = await makePdf({ pages: 3 });
}, 120_000);
afterAll(() => inspector.close());

async function accepted(bytes: Uint8Array): Promise<InspectOk> {
  const result = await inspector.inspect(bytes);
  if (!result.ok) throw new Error(`rejected: ${result.message}`);
  return result;
}

// Worker start-ups are slow on a busy machine: a generous limit for each test.
describe('inspect', { timeout: 120_000 }, () => {
  it('accepts a text document and measures its pages and text', async () => {
    const result = await accepted(textPdf);
    expect(result.sha256).toBe(sha256Hex(textPdf));
    expect(result.pageCount).toBe(3);
    expect(result.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    for (const page of result.pages) {
      expect(page).toMatchObject({
        width: 612,
        height: 792,
        rotation: 0,
        userUnit: 1,
        contentMeasured: true,
      });
      expect(page.cropBox).toEqual([0, 0, 612, 792]);
      const text = page.content.filter((c) => c.kind === 'text');
      expect(text.length).toBeGreaterThan(30);
      // paragraphs sit inside the 72 pt margins; the footer ("Page i of n") just below the bottom one
      for (const t of text) {
        expect(t.x).toBeGreaterThanOrEqual(71);
        expect(t.x + t.width).toBeLessThanOrEqual(541);
        expect(t.y).toBeGreaterThanOrEqual(68);
        expect(t.y + t.height).toBeLessThanOrEqual(792 - 60);
      }
    }
  });

  it('reports rotation, crop box and display size the way viewers show the page', async () => {
    const rotated = await accepted(await makePdf({ rotate: 90, cropBox: [100, 150, 500, 700] }));
    expect(rotated.pages[0]).toMatchObject({ width: 550, height: 400, rotation: 90 });
    expect(rotated.pages[0]!.cropBox).toEqual([100, 150, 500, 700]);
    expect(rotated.pages[0]!.mediaBox).toEqual([0, 0, 612, 792]);
    const units = await accepted(await makePdf({ size: [8.5, 11], userUnit: 72, text: false }));
    expect(units.pages[0]).toMatchObject({ width: 612, height: 792, userUnit: 72 });
  });

  it('rejects a file over maxBytes without parsing it', async () => {
    const started = performance.now();
    const result = await inspector.inspect(new Uint8Array(2048), { maxBytes: 1024 });
    expect(result).toMatchObject({ ok: false, reason: 'too-large' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('rejects more pages than maxPages', async () => {
    const result = await inspector.inspect(textPdf, { maxPages: 2 });
    expect(result).toMatchObject({ ok: false, reason: 'too-many-pages' });
  });

  it('leaves the caller bytes untouched and usable', async () => {
    const copy = textPdf.slice();
    await inspector.inspect(textPdf);
    expect(textPdf.byteLength).toBe(copy.byteLength);
    expect(Buffer.from(textPdf).equals(Buffer.from(copy))).toBe(true);
    // A Buffer too (a drive or blob read): its slice() shares memory, which must not be handed to the worker.
    const buffer = Buffer.from(copy);
    await inspector.inspect(buffer);
    expect(buffer.byteLength).toBe(copy.byteLength);
    expect(buffer.equals(Buffer.from(copy))).toBe(true);
  });

  it('answers many calls at once with a pool of two', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => inspector.inspect(textPdf)));
    expect(results.every((r) => r.ok && r.pageCount === 3)).toBe(true);
  });

  it('refuses invalid limits and options with a typed error', async () => {
    await expect(inspector.inspect(textPdf, { timeoutMs: -1 })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(() => createInspector({ poolSize: 0 })).toThrow(PdfEngineError);
    expect(DEFAULT_INSPECT_LIMITS).toEqual({
      maxBytes: 50 * 1024 * 1024,
      maxPages: 2000,
      timeoutMs: 20_000,
      maxMemoryMb: 512,
    });
  });

  it('fails calls after close', async () => {
    const own = createInspector({ poolSize: 1 });
    expect((await own.inspect(textPdf)).ok).toBe(true);
    await own.close();
    await expect(own.inspect(textPdf)).rejects.toMatchObject({
      name: 'PdfEngineError',
      code: 'inspector-closed',
    });
  });

  it('offers a shared default inspector that can be closed and started again', async () => {
    expect((await inspect(textPdf)).ok).toBe(true);
    await closeDefaultInspector();
    expect((await inspect(textPdf)).ok).toBe(true);
    await closeDefaultInspector();
  });
});
