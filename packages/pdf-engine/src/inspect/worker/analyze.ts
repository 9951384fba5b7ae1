/**
 * The verdict on one file, computed inside an inspection worker. Checks run in the order the
 * product needs: encryption, then XFA, then whether both pdf.js (the judge, and what signers'
 * browsers render with) and pdf-lib (the stamper) can read every page, then the page limit.
 */
import { displaySize, userToDisplayMatrix } from '../../geometry/convert.ts';
import { transformBounds } from '../../geometry/matrix.ts';
import type { ContentBox, PageGeometry, PdfBox } from '../../geometry/types.ts';
import { sha256Hex } from '../../hash.ts';
import {
  fontFacts,
  openDocument,
  type PdfJs,
  type PdfJsDocument,
  type PdfJsPage,
  pageFrame,
} from '../../pdfjs/document.ts';
import { memoryRules } from '../limits.ts';
import { loadFailure, reject } from '../messages.ts';
import type { InspectLimits, InspectResult } from '../types.ts';
import { allocationGuardTripped, resetAllocationGuard } from './allocation-guard.ts';
import { collectContent, type UserSpaceBox } from './content-boxes.ts';
import { hasOversizedFlateStream } from './flate-check.ts';
import {
  acroFormHasXfa,
  annotationBoxes,
  declaredPageCount,
  loadWithPdfLib,
  mediaBoxes,
  nonStandardFilter,
  pageCountOrNull,
} from './pdf-lib-facts.ts';
import { loadPdfJs, pdfjsDataPaths } from './pdfjs.ts';
import { simplifyContent } from './simplify.ts';

/** Share of the time limit spent reading page contents; the rest is kept for opening the pages. */
const CONTENT_SHARE = 0.5;

export async function analyze(bytes: Uint8Array, limits: InspectLimits): Promise<InspectResult> {
  const contentDeadline = performance.now() + limits.timeoutMs * CONTENT_SHARE;
  if (bytes.length === 0) return reject.loadFailed(loadFailure.empty);
  resetAllocationGuard();
  const { maxStreamBytes } = memoryRules(limits.maxMemoryMb);
  const tooBig = loadFailure.streamTooLarge(Math.round(maxStreamBytes / (1024 * 1024)));
  const sha256 = sha256Hex(bytes);
  // Any /Encrypt rejects, whatever the passwords: pdf-lib sees the trailer at once, while pdf.js would first
  // derive the key (seconds of pure-JS hashing for AES-256 files), so ask pdf-lib first.
  const lib = await loadWithPdfLib(bytes.slice());
  if (lib.doc?.isEncrypted) return reject.encrypted();
  const pdfjs = await loadPdfJs();
  const task = openDocument(pdfjs, bytes, pdfjsDataPaths);
  try {
    let doc: PdfJsDocument | undefined;
    let openError: unknown;
    try {
      doc = await task.promise;
    } catch (error) {
      openError = error;
    }
    if (errorName(openError) === 'PasswordException') return reject.encrypted('user password');

    const info = doc ? await documentInfo(doc) : undefined;
    if (info?.encrypted) return reject.encrypted('owner password');
    if (info?.xfa || (lib.doc && acroFormHasXfa(lib.doc)))
      return reject.xfa(info?.hasFields ? 'hybrid' : 'pure');

    if (!doc) return reject.loadFailed(allocationGuardTripped() ? tooBig : loadFailure.notPdf);
    if (!lib.doc) return reject.loadFailed(allocationGuardTripped() ? tooBig : loadFailure.stamper);
    // pdf.js counts the pages it finds when /Count lies; the declared count is checked too, and first.
    const declared = declaredPageCount(lib.doc);
    const pageCount = doc.numPages;
    if (Math.max(declared ?? 0, pageCount) > limits.maxPages) {
      return reject.tooManyPages(Math.max(declared ?? 0, pageCount), limits.maxPages);
    }
    if (pageCount < 1) return reject.loadFailed(loadFailure.noPages);
    const filter = nonStandardFilter(lib.doc);
    if (filter) return reject.loadFailed(loadFailure.filter(filter));
    // We add pages with pdf-lib, which trusts /Count: it must agree with both readers' walk.
    if (declared !== pageCount || pageCountOrNull(lib.doc) !== pageCount)
      return reject.loadFailed(loadFailure.pageTree);
    if (await hasOversizedFlateStream(lib.doc, maxStreamBytes)) return reject.loadFailed(tooBig);

    const media = mediaBoxes(lib.doc);
    const annotations = annotationBoxes(lib.doc);
    const pages: PageGeometry[] = [];
    for (let n = 1; n <= pageCount; n++) {
      let geometry: PageGeometry;
      try {
        const page = await doc.getPage(n);
        const measure = performance.now() < contentDeadline;
        geometry = await pageGeometry(
          pdfjs,
          page,
          n,
          media[n - 1] ?? null,
          measure ? (annotations[n - 1] ?? []) : null,
        );
      } catch {
        return reject.loadFailed(allocationGuardTripped() ? tooBig : loadFailure.page(n));
      }
      pages.push(geometry);
    }
    return { ok: true, sha256, pageCount, pages };
  } finally {
    await task.destroy().catch(() => {});
  }
}

function errorName(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'name' in error ? String(error.name) : undefined;
}

async function documentInfo(doc: PdfJsDocument) {
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  const permissions = await doc.getPermissions();
  return {
    encrypted: Boolean(info.EncryptFilterName) || permissions !== null,
    xfa: info.IsXFAPresent === true,
    hasFields: info.IsAcroFormPresent === true,
  };
}

async function pageGeometry(
  pdfjs: PdfJs,
  page: PdfJsPage,
  n: number,
  mediaBox: PdfBox | null,
  /** Null: do not read the page's contents (out of time). */
  annotations: PdfBox[] | null,
): Promise<PageGeometry> {
  try {
    const frame = pageFrame(page);
    const { cropBox, rotation, userUnit } = frame;
    const { width, height } = displaySize(cropBox, rotation, userUnit);
    const base = { page: n, width, height, rotation, userUnit, cropBox, mediaBox: mediaBox ?? cropBox };
    if (!annotations) return { ...base, content: [], contentMeasured: false };
    const opList = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
    const found: UserSpaceBox[] = collectContent(opList.fnArray, opList.argsArray, pdfjs.OPS, (id) =>
      fontFacts(page, id),
    );
    for (const box of annotations) found.push({ kind: 'annotation', box });
    const toDisplay = userToDisplayMatrix(frame);
    const content: ContentBox[] = found.map(({ kind, box }) => {
      const [dx0, dy0, dx1, dy1] = transformBounds(toDisplay, box[0], box[1], box[2], box[3]);
      return { kind, x: dx0, y: dy0, width: dx1 - dx0, height: dy1 - dy0 };
    });
    return { ...base, content: simplifyContent(content, width, height), contentMeasured: true };
  } finally {
    page.cleanup();
  }
}
