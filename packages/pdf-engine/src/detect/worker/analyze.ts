/**
 * Detection for one accepted document, inside the detection worker: form fields from the page
 * annotations, text tags from the glyphs pdf.js decodes (its own text extraction, with positions), and
 * the prepared copy with every tag hidden: removed from the content stream where that is exact, covered
 * with white otherwise. Removal is checked by reading the result again: every other glyph must still be
 * there, at the same place; if not, the whole document falls back to covering.
 */
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { displaySize, type PageFrame } from '../../geometry/convert.ts';
import { fontFacts, openDocument, type PdfJs, type PdfJsDataPaths, pageFrame } from '../../pdfjs/document.ts';
import { fieldRectForTag } from '../field-size.ts';
import type { DetectedField, DetectedTag, DetectResult, TagProblem } from '../types.ts';
import { coverBoxes } from './cover.ts';
import { type FoundTag, findTags } from './find-tags.ts';
import { collectTextRuns, type TextRun } from './glyphs.ts';
import { CannotRemoveError, pageContentBytes, removeGlyphs, setPageContent } from './remove-text.ts';
import { type WidgetData, widgetFields } from './widgets.ts';

interface PageScan {
  page: number;
  frame: PageFrame;
  size: { width: number; height: number };
  runs: TextRun[];
  tags: FoundTag[];
}

export async function analyzeForFields(
  pdfjs: PdfJs,
  dataPaths: PdfJsDataPaths,
  bytes: Uint8Array,
  frames: PageFrame[],
): Promise<DetectResult> {
  const scans = await scanDocument(pdfjs, dataPaths, bytes, frames, true);
  const fields: DetectedField[] = [...scans.widgets];
  const problems: TagProblem[] = [];
  const tagged = scans.pages.filter((p) => p.tags.length > 0);
  for (const p of tagged) {
    for (const tag of p.tags) {
      if ('error' in tag.parsed) {
        problems.push({ page: p.page, text: tag.text, message: tag.parsed.error });
        continue;
      }
      const rect = fieldRectForTag(tag.box, tag.parsed.type, p.size);
      fields.push({
        source: 'tag',
        label: tag.parsed.label,
        type: tag.parsed.type,
        role: tag.parsed.role,
        required: tag.parsed.required,
        page: p.page,
        ...rect,
        origin: tag.text,
      });
    }
  }
  if (tagged.length === 0 || problems.length > 0) return { fields, tags: [], problems, prepared: null };

  const attempt = await hideTags(bytes, tagged, true);
  if (
    attempt.removed.size > 0 &&
    !(await removalIsExact(pdfjs, dataPaths, attempt.bytes, frames, tagged, attempt.removed))
  ) {
    const covered = await hideTags(bytes, tagged, false);
    return { fields, problems, prepared: covered.bytes, tags: tagList(tagged, covered.removed) };
  }
  return { fields, problems, prepared: attempt.bytes, tags: tagList(tagged, attempt.removed) };
}

function tagList(pages: PageScan[], removed: Set<FoundTag>): DetectedTag[] {
  return pages.flatMap((p) =>
    p.tags.map((t) => ({
      text: t.text,
      page: p.page,
      box: t.box,
      hiding: removed.has(t) ? ('removed' as const) : ('covered' as const),
    })),
  );
}

/** Removes what can be removed (when `remove`), covers the rest; returns the saved bytes. */
async function hideTags(
  source: Uint8Array,
  pages: PageScan[],
  remove: boolean,
): Promise<{ bytes: Uint8Array; removed: Set<FoundTag> }> {
  const doc = await PDFDocument.load(source.slice(), {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
    parseSpeed: ParseSpeeds.Fastest,
  });
  const removed = new Set<FoundTag>();
  for (const p of pages) {
    const page = doc.getPage(p.page - 1);
    if (remove) {
      const removable = p.tags.filter((t) => t.glyphs.every((g) => p.runs[g.run]!.contentIndex !== null));
      const glyphs = new Map<number, Set<number>>();
      for (const t of removable) {
        for (const g of t.glyphs) {
          const ordinal = p.runs[g.run]!.contentIndex!;
          if (!glyphs.has(ordinal)) glyphs.set(ordinal, new Set());
          glyphs.get(ordinal)!.add(g.glyph);
        }
      }
      if (glyphs.size > 0) {
        try {
          setPageContent(doc, page, removeGlyphs(pageContentBytes(page), p.runs, glyphs));
          for (const t of removable) removed.add(t);
        } catch (error) {
          if (!(error instanceof CannotRemoveError)) throw error;
        }
      }
    }
    coverBoxes(
      doc,
      page,
      p.frame,
      p.tags.filter((t) => !removed.has(t)).map((t) => t.box),
    );
  }
  return { bytes: await doc.save({ updateFieldAppearances: false }), removed };
}

/** Reads the prepared file again: each page must draw exactly its old glyphs minus the removed ones. */
async function removalIsExact(
  pdfjs: PdfJs,
  dataPaths: PdfJsDataPaths,
  prepared: Uint8Array,
  frames: PageFrame[],
  pages: PageScan[],
  removed: Set<FoundTag>,
): Promise<boolean> {
  let after: Awaited<ReturnType<typeof scanDocument>>;
  try {
    after = await scanDocument(pdfjs, dataPaths, prepared, frames, false, new Set(pages.map((p) => p.page)));
  } catch {
    return false;
  }
  for (const before of pages) {
    const now = after.pages.find((p) => p.page === before.page);
    if (!now) return false;
    const gone = new Set<string>();
    for (const t of before.tags)
      if (removed.has(t)) for (const g of t.glyphs) gone.add(`${g.run}:${g.glyph}`);
    const expected = before.runs.flatMap((r, ri) => r.glyphs.filter((_, gi) => !gone.has(`${ri}:${gi}`)));
    const actual = now.runs.flatMap((r) => r.glyphs);
    if (expected.length !== actual.length) return false;
    for (let i = 0; i < expected.length; i++) {
      const e = expected[i]!;
      const a = actual[i]!;
      if (e.unicode !== a.unicode || Math.abs(e.box.x - a.box.x) > 0.05 || Math.abs(e.box.y - a.box.y) > 0.05)
        return false;
    }
  }
  return true;
}

async function scanDocument(
  pdfjs: PdfJs,
  dataPaths: PdfJsDataPaths,
  bytes: Uint8Array,
  frames: PageFrame[],
  withWidgets: boolean,
  only?: Set<number>,
): Promise<{ pages: PageScan[]; widgets: DetectedField[] }> {
  const task = openDocument(pdfjs, bytes, dataPaths);
  try {
    const doc = await task.promise;
    const pages: PageScan[] = [];
    const widgets: DetectedField[] = [];
    const radioGroups = new Set<string>();
    for (let n = 1; n <= doc.numPages; n++) {
      if (only && !only.has(n)) continue;
      const page = await doc.getPage(n);
      try {
        const frame = frames[n - 1] ?? pageFrame(page);
        const size = displaySize(frame.cropBox, frame.rotation, frame.userUnit);
        if (withWidgets) {
          const annotations = (await page.getAnnotations()) as WidgetData[];
          widgets.push(...widgetFields(annotations, n, frame, size, radioGroups));
        }
        const opList = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
        const runs = collectTextRuns(
          opList.fnArray,
          opList.argsArray,
          pdfjs.OPS,
          (id) => fontFacts(page, id),
          frame,
        );
        pages.push({ page: n, frame, size, runs, tags: findTags(runs) });
      } finally {
        page.cleanup();
      }
    }
    return { pages, widgets };
  } finally {
    await task.destroy().catch(() => {});
  }
}
