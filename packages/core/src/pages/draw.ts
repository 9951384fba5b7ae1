import {
  blobs,
  documents,
  pageImages,
  pageRenders,
  preparedDocuments,
  templateDocuments,
} from '@countersign/db';
import { PdfEngineError } from '@countersign/pdf-engine';
import { and, eq, inArray } from 'drizzle-orm';
import { isStorageUnavailable } from '../blobs/blob-store.ts';
import type { ServiceContext } from '../context.ts';
import { TEXT_WIDTH } from './read.ts';

/** Pages drawn per worker task after page 1: enough to share one parse, small enough to keep memory flat. */
const PAGES_PER_TASK = 8;

/**
 * The `documents.draw-pages` job: draws a prepared PDF's pages (page 1 first) into images at every width of its
 * row and stores them, with each page's text, as blobs; then marks the row `ready`. A page the rasterizer
 * cannot draw (too large, too slow, broken) marks it `failed`: signers' browsers draw that document with pdf.js,
 * never a blank page. Storage out of reach throws, for the queue to retry. A finished row is never drawn again;
 * a retry of an unfinished one redraws its pages (their blobs are the same bytes, stored once).
 */
export async function drawPages(ctx: ServiceContext, sha256: string): Promise<void> {
  const row = (
    await ctx.db.select().from(pageRenders).where(eq(pageRenders.documentSha256, sha256)).limit(1)
  )[0];
  // Turned off (PAGE_IMAGES=0) since it was asked for: left pending, asked for again once on (read.ts).
  if (row?.status !== 'pending' || !ctx.config.pageImages) return;
  const pageCount = await pageCountOf(ctx, sha256);
  if (pageCount === null) return await finish(ctx, sha256, { error: 'no document has these bytes any more' });
  const bytes = await ctx.blobs.read(sha256);
  const sizes: { width: number; height: number }[] = [];
  try {
    for (const pages of batches(pageCount)) {
      const drawn = await ctx.pdf.renderPages(bytes, { widths: row.widths, pages });
      const rows = [];
      for (const p of drawn) {
        sizes[p.page - 1] = { width: p.width, height: p.height };
        // Kept under the width asked for: a very tall page is drawn narrower (the rasterizer's caps), same URL.
        for (const [i, image] of p.images.entries()) {
          const blobSha256 = await ctx.blobs.put(image.bytes);
          rows.push({
            documentSha256: sha256,
            page: p.page,
            width: row.widths[i]!,
            blobSha256,
            mime: image.mime,
          });
        }
        const text = new TextEncoder().encode(JSON.stringify({ page: p.page, items: p.text }));
        const blobSha256 = await ctx.blobs.put(text);
        rows.push({
          documentSha256: sha256,
          page: p.page,
          width: TEXT_WIDTH,
          blobSha256,
          mime: 'application/json',
        });
      }
      if (!(await keep(ctx, sha256, rows))) return; // purged meanwhile: nothing of it may stay
    }
  } catch (err) {
    if (isStorageUnavailable(err) || !(err instanceof PdfEngineError)) throw err;
    // A process closing, or workers that cannot start here, is no verdict on the document: the job runs again.
    if (
      err.code === 'worker-unavailable' &&
      'loss' in err &&
      (err.loss === 'closed' || err.loss === 'cannot-start')
    )
      throw err;
    return await finish(ctx, sha256, { error: `${err.code}: ${err.message}` });
  }
  await finish(ctx, sha256, { pages: sizes });
}

type PageImageRow = typeof pageImages.$inferInsert;

/**
 * Records a batch's blobs, unless the document's row is gone (a purge deleted it while this batch was drawn):
 * then the blobs this batch stored that no other page uses are deleted again, and false says stop.
 */
async function keep(ctx: ServiceContext, sha256: string, rows: PageImageRow[]): Promise<boolean> {
  const kept = await ctx.db.transaction(async () => {
    const [live] = await ctx.db
      .select({ status: pageRenders.status })
      .from(pageRenders)
      .where(eq(pageRenders.documentSha256, sha256));
    if (live?.status !== 'pending') return false;
    if (rows.length) await ctx.db.insert(pageImages).values(rows).onConflictDoNothing();
    return true;
  });
  if (kept) return true;
  const mine = [...new Set(rows.map((r) => r.blobSha256))];
  const used = new Set(
    (
      await ctx.db
        .selectDistinct({ sha: pageImages.blobSha256 })
        .from(pageImages)
        .where(inArray(pageImages.blobSha256, mine))
    ).map((r) => r.sha),
  );
  const orphans = mine.filter((sha) => !used.has(sha));
  for (const orphan of orphans) await ctx.blobs.delete(orphan);
  if (orphans.length) await ctx.db.delete(blobs).where(inArray(blobs.sha256, orphans));
  return false;
}

/** Page 1 alone (it is what a signer sees first), then the rest a few at a time. */
function batches(pageCount: number): number[][] {
  const out = [[1]];
  for (let first = 2; first <= pageCount; first += PAGES_PER_TASK) {
    const batch = [];
    for (let n = first; n < first + PAGES_PER_TASK && n <= pageCount; n++) batch.push(n);
    out.push(batch);
  }
  return out;
}

async function finish(
  ctx: ServiceContext,
  sha256: string,
  outcome: { pages: { width: number; height: number }[] } | { error: string },
) {
  const done = { finishedAt: ctx.clock.now() };
  await ctx.db
    .update(pageRenders)
    .set(
      'pages' in outcome
        ? { ...done, status: 'ready', pages: outcome.pages }
        : { ...done, status: 'failed', error: outcome.error },
    )
    .where(and(eq(pageRenders.documentSha256, sha256), eq(pageRenders.status, 'pending')));
}

/** The prepared file's page count, from whichever row points at it. */
async function pageCountOf(ctx: ServiceContext, sha256: string): Promise<number | null> {
  for (const [table, column] of [
    [preparedDocuments, preparedDocuments.preparedSha256],
    [templateDocuments, templateDocuments.preparedSha256],
    [documents, documents.preparedSha256],
  ] as const) {
    const found = await ctx.db.select({ n: table.pageCount }).from(table).where(eq(column, sha256)).limit(1);
    if (found[0]) return found[0].n;
  }
  return null;
}
