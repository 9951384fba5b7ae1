/**
 * Draws a document's pages with pdf.js (legacy build) on @napi-rs/canvas and encodes them as WebP, one page at a
 * time: every canvas of a page is freed before the next, so a long document runs in flat memory.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PdfEngineError } from '../../errors.ts';
import type { PdfJs, PdfJsDocument, PdfJsPage } from '../../pdfjs/document.ts';
import { BoundedCanvasFactory, type CanvasEntry } from '../canvas-factory.ts';
import { checkRenderOptions, imageSize, MAX_OUTPUT_MB } from '../sizes.ts';
import { type PdfTextContent, pageText } from '../text.ts';
import type { PageRenderOptions, RenderedImage, RenderedPage } from '../types.ts';

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve('pdfjs-dist/package.json'));
const dataDir = (name: string) => `${join(distDir, name)}/`;

export async function drawPages(bytes: Uint8Array, options: PageRenderOptions): Promise<RenderedPage[]> {
  const { widths, pages, quality } = checkRenderOptions(options);
  const lib: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs'); // loaded already (preload.mjs)
  // The file is untrusted: no eval'd font code, no fonts installed in the host, no system fonts, no XFA forms.
  const task = lib.getDocument({
    data: bytes,
    cMapUrl: dataDir('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dataDir('standard_fonts'),
    wasmUrl: dataDir('wasm'),
    iccUrl: dataDir('iccs'),
    CanvasFactory: BoundedCanvasFactory,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
  });
  let doc: PdfJsDocument;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    throw new PdfEngineError('render-failed', `the file could not be opened: ${messageOf(error)}`, {
      cause: error,
    });
  }
  try {
    const numbers = pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1);
    const outside = numbers.find((n) => n > doc.numPages);
    if (outside !== undefined) {
      throw new PdfEngineError(
        'invalid-argument',
        `render: page ${outside} asked for, the document has ${doc.numPages}`,
      );
    }
    const factory = doc.canvasFactory as unknown as BoundedCanvasFactory;
    const out: RenderedPage[] = [];
    let outputBytes = 0;
    for (const n of numbers) {
      const drawn = await drawPage(lib, doc, factory, n, widths, quality);
      outputBytes += drawn.images.reduce((sum, image) => sum + image.bytes.byteLength, 0);
      if (outputBytes > MAX_OUTPUT_MB * 1024 * 1024) {
        throw new PdfEngineError(
          'render-failed',
          `page ${n}: the images drawn so far take more than ${MAX_OUTPUT_MB} MB, the most one call returns; ask for fewer pages per call`,
        );
      }
      out.push(drawn);
    }
    return out;
  } finally {
    await doc.destroy().catch(() => {});
  }
}

async function drawPage(
  lib: PdfJs,
  doc: PdfJsDocument,
  factory: BoundedCanvasFactory,
  n: number,
  widths: number[],
  quality: number,
): Promise<RenderedPage> {
  let page: PdfJsPage | undefined;
  try {
    page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const images: RenderedImage[] = [];
    for (const width of widths)
      images.push(await drawImage(lib, page, factory, base.width, base.height, width, quality));
    const text = pageText((await page.getTextContent()) as unknown as PdfTextContent, base);
    return { page: n, width: base.width, height: base.height, images, text };
  } catch (error) {
    if (factory.refused) {
      throw new PdfEngineError('page-too-large', `page ${n} cannot be drawn: ${factory.refused}`, {
        cause: error,
      });
    }
    if (error instanceof PdfEngineError) throw error;
    throw new PdfEngineError('render-failed', `page ${n} could not be drawn: ${messageOf(error)}`, {
      cause: error,
    });
  } finally {
    page?.cleanup();
    factory.release();
  }
}

async function drawImage(
  lib: PdfJs,
  page: PdfJsPage,
  factory: BoundedCanvasFactory,
  pageWidth: number,
  pageHeight: number,
  width: number,
  quality: number,
): Promise<RenderedImage> {
  const size = imageSize(pageWidth, pageHeight, width);
  const entry: CanvasEntry = factory.create(size.width, size.height);
  try {
    const canvas = entry.canvas!;
    // The viewport's own size rounds differently from ours: scale it to fill the canvas exactly.
    const viewport = page.getViewport({ scale: size.scale });
    const transform = [size.width / viewport.width, 0, 0, size.height / viewport.height, 0, 0];
    await page.render({
      canvas: canvas as never,
      canvasContext: entry.context as never,
      viewport,
      transform,
      background: 'white',
      annotationMode: lib.AnnotationMode.ENABLE,
    }).promise;
    // pdf.js catches some drawing errors and goes on: a refused canvas still fails the page, never a blank image.
    if (factory.refused) throw new Error(`canvas refused: ${factory.refused}`);
    const encoded = await canvas.encode('webp', quality);
    // A buffer of our own (Node's may be external or pooled), so the pool can move it to the caller.
    return { width: size.width, height: size.height, mime: 'image/webp', bytes: new Uint8Array(encoded) };
  } finally {
    factory.destroy(entry);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
