/**
 * The page renderer (raster/): pages drawn in a worker as WebP at the widths asked for, with their text as boxes in
 * fractions of the page; a page it cannot draw fails the call, fast and saying which page, never as a blank image.
 */
import { loadImage } from '@napi-rs/canvas';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPageRenderer,
  type PageRenderer,
  PdfEngineError,
  type RenderedImage,
  rendererReservationMb,
} from '../src/index.ts';
import { imageSize, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../src/raster/sizes.ts';
import { makePdf, makeTextDocument } from '../src/testing/index.ts';
import { WorkerLostError } from '../src/threads/pool.ts';

let renderer: PageRenderer;
beforeAll(() => {
  renderer = createPageRenderer({ size: 1 });
});
afterAll(() => renderer.close());

/** Decodes a WebP and counts its dark pixels (text), to tell a drawn page from a blank one. */
async function decode(image: RenderedImage) {
  const decoded = await loadImage(Buffer.from(image.bytes));
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(decoded.width, decoded.height);
  const context = canvas.getContext('2d');
  context.drawImage(decoded, 0, 0);
  const { data } = context.getImageData(0, 0, decoded.width, decoded.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
  return { width: decoded.width, height: decoded.height, dark };
}

/** A page showing a 1-bit image mask of w x h pixels: pdf.js draws it through a canvas of that size. */
async function maskPdf(w: number, h: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([600, 400]);
  const mask = doc.context.flateStream(new Uint8Array((w / 8) * h).fill(0x55), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: w,
    Height: h,
    ImageMask: true,
    BitsPerComponent: 1,
  });
  page.node.setXObject(PDFName.of('Im1'), doc.context.register(mask));
  const content = doc.context.flateStream('q 600 0 0 400 0 0 cm /Im1 Do Q');
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save();
}

describe('page renderer', () => {
  it('draws every page at each width, keeping the aspect ratio', async () => {
    const pages = await renderer.render(await makePdf({ pages: 2 }), { widths: [400, 800] });
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    for (const page of pages) {
      expect([page.width, page.height]).toEqual([612, 792]);
      expect(page.images.map((i) => [i.width, i.height, i.mime])).toEqual([
        [400, 518, 'image/webp'],
        [800, 1035, 'image/webp'],
      ]);
      for (const image of page.images) {
        expect(image.bytes).toBeInstanceOf(Uint8Array);
        const decoded = await decode(image);
        expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
        expect(decoded.dark).toBeGreaterThan(1000); // the page's text, not a blank image
      }
    }
  });

  it('draws a /Rotate 90 page landscape', async () => {
    const [page] = await renderer.render(await makePdf({ rotate: 90 }), { widths: [800] });
    expect([page!.width, page!.height]).toEqual([792, 612]);
    expect([page!.images[0]!.width, page!.images[0]!.height]).toEqual([800, 618]);
  });

  it("gives the page's text as boxes in fractions of the page, top-left origin", async () => {
    const [page] = await renderer.render(await makePdf({ text: 'Countersign renders pages' }), {
      widths: [200],
    });
    const words = page!.text.map((t) => t.text).join(' ');
    expect(words).toContain('Countersign renders pages');
    for (const item of page!.text) {
      for (const n of [item.x, item.y, item.width, item.height]) expect(n).toBeGreaterThanOrEqual(0);
      expect(item.x + item.width).toBeLessThanOrEqual(1);
      expect(item.y + item.height).toBeLessThanOrEqual(1);
    }
    // Written at x 72, baseline 792 - 72 - 12 (pdf-lib's drawText), 12 pt Helvetica.
    const item = page!.text[0]!;
    expect(item.x).toBeCloseTo(72 / 612, 3);
    expect(item.y + item.height * 0.8).toBeCloseTo((72 + 12) / 792, 2);
    expect(item.height * 792).toBeGreaterThan(10);
    expect(item.height * 792).toBeLessThan(16);
  });

  it('draws only the pages asked for, and refuses a page the document lacks', async () => {
    const bytes = await makePdf({ pages: 5 });
    const pages = await renderer.render(bytes, { widths: [100], pages: [4, 2] });
    expect(pages.map((p) => p.page)).toEqual([4, 2]);
    expect(pages[0]!.text.map((t) => t.text).join(' ')).toContain('Page 4 of 5');
    await expect(renderer.render(bytes, { widths: [100], pages: [6] })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining('page 6'),
    });
  });

  it('refuses bad options before starting', async () => {
    const bytes = await makePdf();
    for (const options of [
      { widths: [] },
      { widths: [800, 400] },
      { widths: [0] },
      { widths: [800], quality: 101 },
    ]) {
      await expect(renderer.render(bytes, options)).rejects.toMatchObject({ code: 'invalid-argument' });
    }
  });

  it('refuses a page that needs a canvas over the cap, in seconds, naming the page', async () => {
    const bytes = await maskPdf(9000, 6000); // 54 Mpx
    const started = performance.now();
    const error = await renderer.render(bytes, { widths: [800] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfEngineError);
    expect(error).toMatchObject({
      code: 'page-too-large',
      message: expect.stringMatching(/^page 1 .*9000 x 6000/),
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    // Under the cap, the same construction draws.
    const [page] = await renderer.render(await maskPdf(4000, 3000), { widths: [800] });
    expect((await decode(page!.images[0]!)).dark).toBeGreaterThan(1000);
  });

  it('draws a tall, narrow page smaller instead of at an absurd height', () => {
    const size = imageSize(100, 14_400, 1600); // a 0.35 m-wide strip 5 m long
    expect(size.height).toBeLessThanOrEqual(MAX_IMAGE_SIDE);
    expect(size.width * size.height).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
    expect(size.width / size.height).toBeCloseTo(100 / 14_400, 3);
    expect(imageSize(612, 792, 1600)).toMatchObject({ width: 1600, height: 2071 });
  });

  it('rejects a file that is not a PDF', async () => {
    await expect(
      renderer.render(new TextEncoder().encode('not a pdf at all'), { widths: [800] }),
    ).rejects.toMatchObject({
      code: 'render-failed',
      message: expect.stringContaining('could not be opened'),
    });
  });

  it('draws 100 pages in flat memory, inside the reservation', async () => {
    const bytes = await makeTextDocument(100);
    await renderer.render(bytes, { widths: [200, 400], pages: [1] }); // the worker started, pdf.js loaded
    const peakGrowth = async (pages?: number[]) => {
      const base = process.memoryUsage.rss();
      let peak = base;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 20);
      const rendered = await renderer.render(bytes, { widths: [200, 400], ...(pages ? { pages } : {}) });
      clearInterval(sampler);
      return { mb: (Math.max(peak, process.memoryUsage.rss()) - base) / 2 ** 20, rendered };
    };
    const ten = await peakGrowth([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const hundred = await peakGrowth();
    expect(hundred.rendered).toHaveLength(100);
    expect(hundred.rendered.every((p) => p.images.length === 2 && p.images[1]!.bytes.byteLength > 1000)).toBe(
      true,
    );
    console.info(
      `[raster] RSS growth: 10 pages ${ten.mb.toFixed(0)} MB, 100 pages ${hundred.mb.toFixed(0)} MB, reservation ${rendererReservationMb(bytes.byteLength)} MB`,
    );
    expect(hundred.mb).toBeLessThan(rendererReservationMb(bytes.byteLength));
    expect(hundred.mb).toBeLessThan(Math.max(ten.mb, 0) * 1.5 + 64);
  }, 120_000);

  it('fails a document that overruns its time limit with the pool error', async () => {
    const slow = createPageRenderer({ size: 1, timeoutMs: 200 });
    try {
      const error = await slow
        .render(await makeTextDocument(50), { widths: [1600] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkerLostError);
      expect(error).toMatchObject({ loss: 'timeout', code: 'worker-unavailable' });
    } finally {
      await slow.close();
    }
  });
});
