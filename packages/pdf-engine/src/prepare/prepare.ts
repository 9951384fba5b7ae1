/**
 * The prepared document: the original with the signature page(s) appended. Fields are data
 * (the service stores them as rows); no AcroForm field is added. One pdf-lib load, one save.
 *
 * Runs in the caller's thread: the input was already judged by inspect (in a worker), and
 * pdf-lib's parse and save are bounded by what inspect accepted. It blocks the event loop for
 * their duration, so a latency-sensitive caller runs it from a job worker.
 */
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { PdfEngineError } from '../errors.ts';
import { sha256Hex } from '../hash.ts';
import { inspect } from '../inspect/inspect.ts';
import type { InspectOk } from '../inspect/types.ts';
import { assertSignerCount, layout } from '../layout/layout.ts';
import { planSignaturePages } from '../layout/signature-pages.ts';
import type { FieldPlacement, LayoutOptions } from '../layout/types.ts';
import { type ActiveContentKind, activeContent } from './active-content.ts';
import { drawSignaturePages } from './draw-signature-pages.ts';

export interface Prepared {
  bytes: Uint8Array;
  /** SHA-256 (hex) of `bytes`. */
  sha256: string;
  /** Pages of the prepared document, appended signature pages included. */
  pageCount: number;
  fields: FieldPlacement[];
  /** Active content found in the source and removed (see active-content.ts); empty for a clean source. */
  activeContentRemoved: ActiveContentKind[];
}

export type PrepareOptions = LayoutOptions;

/** Measured on a 100-page text document (see bench/prepare.ts): object streams make the save faster and smaller. */
const USE_OBJECT_STREAMS = true;

export async function prepare(
  bytes: Uint8Array,
  signerCount: number,
  inspected?: InspectOk,
  options: PrepareOptions = {},
): Promise<Prepared> {
  assertSignerCount(signerCount);
  const judged = inspected ?? (await inspectOrThrow(bytes));
  if (inspected && inspected.sha256 !== sha256Hex(bytes)) {
    throw new PdfEngineError('invalid-argument', 'the inspection result belongs to other bytes');
  }
  const fields = layout(judged.pages, signerCount, options);
  const plan = planSignaturePages(signerCount, judged.pageCount, options.signaturePageSize ?? 'letter');
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    if (doc.getPageCount() !== judged.pageCount) {
      throw new PdfEngineError('prepare-failed', 'the document does not have the inspected page count');
    }
    const activeContentRemoved = activeContent(doc, true);
    await drawSignaturePages(doc, plan);
    const out = await doc.save({ useObjectStreams: USE_OBJECT_STREAMS, updateFieldAppearances: false });
    return {
      bytes: out,
      sha256: sha256Hex(out),
      pageCount: judged.pageCount + plan.pageCount,
      fields,
      activeContentRemoved,
    };
  } catch (error) {
    if (error instanceof PdfEngineError) throw error;
    throw new PdfEngineError('prepare-failed', 'pdf-lib could not rewrite the document', { cause: error });
  }
}

async function inspectOrThrow(bytes: Uint8Array): Promise<InspectOk> {
  const result = await inspect(bytes);
  if (!result.ok) throw new PdfEngineError('not-accepted', result.message, { reason: result.reason });
  return result;
}

/**
 * The source's active content (what prepare removes), for the certificate of a document prepared earlier;
 * with `remove`, a copy of `bytes` without it (the same bytes when there was none), for templates, whose
 * documents keep their own pages and are not rewritten by prepare.
 */
export async function activeContentOf(
  bytes: Uint8Array,
  remove = false,
): Promise<{ kinds: ActiveContentKind[]; bytes: Uint8Array }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const kinds = activeContent(doc, remove);
  if (!remove || kinds.length === 0) return { kinds, bytes };
  return {
    kinds,
    bytes: await doc.save({ useObjectStreams: USE_OBJECT_STREAMS, updateFieldAppearances: false }),
  };
}
