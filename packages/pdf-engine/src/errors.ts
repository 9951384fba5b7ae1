import type { RejectReason } from './inspect/types.ts';

export type PdfEngineErrorCode =
  | 'invalid-argument'
  | 'inspector-closed'
  | 'worker-unavailable'
  | 'not-accepted'
  | 'prepare-failed'
  | 'timestamp-failed'
  | 'revocation-failed'
  /** A page needs more canvas memory than the page renderer allows (raster/canvas-factory.ts). */
  | 'page-too-large'
  /** A page (or the file) could not be drawn by the page renderer. */
  | 'render-failed';

/** An expected failure of the engine, with a machine-readable code. Verdicts on input are results, not errors. */
export class PdfEngineError extends Error {
  override readonly name = 'PdfEngineError';
  /** For 'not-accepted': why inspect rejected the document. */
  readonly reason: RejectReason | undefined;
  constructor(
    code: PdfEngineErrorCode,
    message: string,
    options?: { cause?: unknown; reason?: RejectReason },
  );
  constructor(
    readonly code: PdfEngineErrorCode,
    message: string,
    options: { cause?: unknown; reason?: RejectReason } = {},
  ) {
    super(message, { cause: options.cause });
    this.reason = options.reason;
  }
}
