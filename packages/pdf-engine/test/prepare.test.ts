import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDefaultInspector,
  createInspector,
  type InspectOk,
  type Inspector,
  layout,
  PdfEngineError,
  prepare,
  sha256Hex,
} from '../src/index.ts';
import { makePdf } from '../src/testing/index.ts';
import { layoutProblems } from './field-checks.ts';
import { openPdf } from './pdfjs.ts';
import { onePage, rawPdf } from './raw-pdf.ts';

let inspector: Inspector;
let source: Uint8Array;
let inspected: InspectOk;

async function judge(bytes: Uint8Array): Promise<InspectOk> {
  const result = await inspector.inspect(bytes);
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function pageTexts(bytes: Uint8Array, pageNumber: number): Promise<string> {
  const doc = await openPdf(bytes);
  const page = await doc.getPage(pageNumber);
  const text = await page.getTextContent();
  await doc.destroy();
  return text.items.map((item) => ('str' in item ? item.str : '')).join('\n');
}

beforeAll(async () => {
  inspector = createInspector({ poolSize: 1 });
  source = await makePdf({ pages: 3 });
  inspected = await judge(source);
}, 120_000);
afterAll(() => inspector.close());

describe('prepare', { timeout: 120_000 }, () => {
  it('appends a signature page with a captioned block per signer and returns the layout', async () => {
    const prepared = await prepare(source, 2, inspected);
    expect(prepared.pageCount).toBe(4);
    expect(prepared.sha256).toBe(sha256Hex(prepared.bytes));
    expect(prepared.fields).toEqual(layout(inspected.pages, 2));
    expect(layoutProblems(prepared.fields, inspected.pages, 2)).toEqual([]);

    const doc = await openPdf(prepared.bytes);
    expect(doc.numPages).toBe(4);
    const last = await doc.getPage(4);
    expect(last.view).toEqual([0, 0, 612, 792]);
    expect(last.rotate).toBe(0);
    await doc.destroy();
    const text = await pageTexts(prepared.bytes, 4);
    for (const words of ['Signatures', 'Signer 1', 'Signer 2 - signature', 'Signer 1 - name', 'Date']) {
      expect(text).toContain(words);
    }
    // the original pages are untouched: same text as before
    expect(await pageTexts(prepared.bytes, 2)).toBe(await pageTexts(source, 2));
  });

  it('adds no form fields: fields are data', async () => {
    const prepared = await prepare(source, 3, inspected);
    const doc = await PDFDocument.load(prepared.bytes);
    // (getForm() would create an AcroForm, so look at the catalog directly.)
    expect(doc.catalog.has(PDFName.of('AcroForm'))).toBe(false);
    const annotations = doc.getPages().map((page) => page.node.Annots()?.size() ?? 0);
    expect(annotations).toEqual([0, 0, 0, 0]);
  });

  it('is deterministic: same document and signer count, same bytes', async () => {
    const a = await prepare(source, 2, inspected);
    const b = await prepare(source, 2, inspected);
    expect(a.sha256).toBe(b.sha256);
  });

  it('paginates many signers over several appended pages, and can use A4', async () => {
    const prepared = await prepare(source, 25, inspected, { signaturePageSize: 'a4' });
    expect(prepared.pageCount).toBe(6);
    const doc = await openPdf(prepared.bytes);
    const last = await doc.getPage(6);
    expect(last.view).toEqual([0, 0, 595.28, 841.89]);
    await doc.destroy();
    expect(await pageTexts(prepared.bytes, 6)).toContain('Signatures (3 of 3)');
  });

  it('keeps the signature page upright when the page tree root carries /Rotate and /CropBox', async () => {
    const objects = onePage();
    objects[1] = '<< /Type /Pages /Kids [3 0 R] /Count 1 /Rotate 90 /CropBox [10 10 300 300] >>';
    const bytes = rawPdf(objects);
    const judged = await judge(bytes);
    expect(judged.pages[0]).toMatchObject({ rotation: 90, width: 290, height: 290 });
    const prepared = await prepare(bytes, 1, judged);
    const doc = await openPdf(prepared.bytes);
    const appended = await doc.getPage(2);
    expect(appended.rotate).toBe(0);
    expect(appended.view).toEqual([0, 0, 612, 792]);
    await doc.destroy();
  });

  it('refuses an inspection result of other bytes', async () => {
    const other = await makePdf({ pages: 3, text: 'other' });
    await expect(prepare(other, 1, inspected)).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('inspects by itself when not given a result, and refuses what inspect rejects', async () => {
    try {
      const prepared = await prepare(source, 1);
      expect(prepared.pageCount).toBe(4);
      const error = await prepare(new TextEncoder().encode('not a pdf'), 1).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfEngineError);
      expect(error).toMatchObject({ code: 'not-accepted', reason: 'load-failed' });
    } finally {
      await closeDefaultInspector();
    }
  });
});
