import type { Config } from '@countersign/config';
import {
  createInspector,
  type InspectOk,
  type InspectResult,
  type Prepared,
  prepare,
} from '@countersign/pdf-engine';

/** The PDF engine as services use it: inspection runs in the engine's sandboxed worker pool. */
export interface PdfTools {
  inspect(bytes: Uint8Array): Promise<InspectResult>;
  prepare(bytes: Uint8Array, signerCount: number, inspected: InspectOk): Promise<Prepared>;
  close(): Promise<void>;
}

export function createPdfTools(config: Config): PdfTools {
  // Worker threads start on first use, so short-lived processes (the CLI) never pay for them.
  let inspector: ReturnType<typeof createInspector> | undefined;
  const limits = { maxBytes: config.limits.maxFileBytes, maxPages: config.limits.maxPages };
  return {
    inspect(bytes) {
      inspector ??= createInspector({ limits });
      return inspector.inspect(bytes);
    },
    prepare: (bytes, signerCount, inspected) => prepare(bytes, signerCount, inspected),
    async close() {
      await inspector?.close();
    },
  };
}
