import type { Config } from '@countersign/config';
import {
  type ActiveContentKind,
  checkFieldTexts,
  createInspector,
  createMemoryBudget,
  createPageRenderer,
  createPdfWriter,
  type FieldTextCheck,
  type FieldTextItem,
  type FinalizeInput,
  type FinalizeResult,
  type InspectOk,
  type InspectResult,
  type PageRenderOptions,
  type Prepared,
  type RenderedPage,
  type SealOptions,
  writerReservationMb,
} from '@countersign/pdf-engine';

/**
 * The PDF engine as services use it: inspection runs in the engine's sandboxed worker pool, preparation and
 * finalization in its PDF writing workers, so none of them blocks the caller's event loop.
 */
export interface PdfTools {
  inspect(bytes: Uint8Array): Promise<InspectResult>;
  prepare(bytes: Uint8Array, signerCount: number, inspected: InspectOk): Promise<Prepared>;
  finalize(prepared: Uint8Array, input: FinalizeInput, seal: SealOptions): Promise<FinalizeResult>;
  /** The active content of a PDF, and with `remove` a copy without it (see pdf-engine active-content.ts). */
  activeContentOf(
    bytes: Uint8Array,
    remove?: boolean,
  ): Promise<{ kinds: ActiveContentKind[]; bytes: Uint8Array }>;
  /** Rejects unless a drawn signature will embed at completion (PdfEngineError 'invalid-argument'). */
  checkDrawnSignature(dataUrl: string): Promise<void>;
  /** Whether each value can be stamped into its field box as entered (the layout completion will use). */
  checkFieldTexts(items: readonly FieldTextItem[]): Promise<FieldTextCheck[]>;
  /**
   * The pages drawn as WebP at the widths asked for, with their text (pdf-engine raster/). Rejects with a
   * PdfEngineError naming the page when one cannot be drawn: that document is left to pdf.js in the browser.
   */
  renderPages(bytes: Uint8Array, options: PageRenderOptions): Promise<RenderedPage[]>;
  close(): Promise<void>;
}

/**
 * The process's PDF tools: one memory budget (PDF_MEMORY_MB) for all of its inspections, PDF writing and page
 * drawing (whose reservation, canvases included, is below the writer's for the same document), so a
 * process's PDF work never holds more than that, whatever the documents (docs/topologies.md, "Memory").
 */
export function createPdfTools(config: Config): PdfTools {
  const needed = writerReservationMb(config.limits.maxFileBytes);
  if (config.pdfMemoryMb < needed) {
    throw new Error(
      `PDF_MEMORY_MB is ${config.pdfMemoryMb}: a document of MAX_FILE_BYTES needs up to ${needed} MB on its own`,
    );
  }
  const budget = createMemoryBudget(config.pdfMemoryMb);
  // Worker threads start on first use, so short-lived processes (the CLI) never pay for them.
  let inspector: ReturnType<typeof createInspector> | undefined;
  let writer: ReturnType<typeof createPdfWriter> | undefined;
  let renderer: ReturnType<typeof createPageRenderer> | undefined;
  const limits = { maxBytes: config.limits.maxFileBytes, maxPages: config.limits.maxPages };
  return {
    inspect(bytes) {
      inspector ??= createInspector({ limits, budget });
      return inspector.inspect(bytes);
    },
    prepare(bytes, signerCount, inspected) {
      writer ??= createPdfWriter({ budget });
      return writer.prepare(bytes, signerCount, inspected);
    },
    finalize(prepared, input, seal) {
      writer ??= createPdfWriter({ budget });
      return writer.finalize(prepared, input, seal);
    },
    activeContentOf(bytes, remove) {
      writer ??= createPdfWriter({ budget });
      return writer.activeContentOf(bytes, remove);
    },
    checkDrawnSignature(dataUrl) {
      writer ??= createPdfWriter({ budget });
      return writer.checkDrawnSignature(dataUrl);
    },
    // On this thread: a few short values take well under a millisecond once a script's font is loaded (its
    // first use reads it, up to 10 MB for Chinese), and a worker's cold start would cost the signer seconds.
    checkFieldTexts: async (items) => checkFieldTexts(items),
    renderPages(bytes, options) {
      renderer ??= createPageRenderer({ budget });
      return renderer.render(bytes, options);
    },
    async close() {
      await Promise.all([inspector?.close(), writer?.close(), renderer?.close()]);
    },
  };
}
