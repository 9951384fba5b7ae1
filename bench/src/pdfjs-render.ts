import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * The floor of drawing pages: pdf.js (legacy build, its own @napi-rs/canvas) rendering every page at each width
 * into a canvas, on this thread, nothing encoded or stored. Milliseconds.
 */
export async function pdfjsRenderMs(bytes: Uint8Array, widths: readonly number[]): Promise<number> {
  const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const t = performance.now();
  const doc = await lib.getDocument({
    data: bytes.slice(),
    standardFontDataUrl: `${join(distDir, 'standard_fonts')}/`,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  // pdf.js's own factory for Node (@napi-rs/canvas); its type is not exported.
  const factory = doc.canvasFactory as unknown as {
    create(w: number, h: number): { canvas: unknown; context: unknown };
    destroy(entry: { canvas: unknown; context: unknown }): void;
  };
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    for (const width of widths) {
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const entry = factory.create(viewport.width, viewport.height);
      const { canvas, context } = entry;
      await page.render({
        canvas: canvas as never,
        canvasContext: context as never,
        viewport,
        background: 'white',
      }).promise;
      factory.destroy(entry);
    }
    page.cleanup();
  }
  await doc.destroy();
  return performance.now() - t;
}
