import { pageImages, pageRenders } from '@countersign/db';
import type { SigningPageImages } from '@countersign/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { requestPageDrawing, requestStaleDrawings, STALE_DRAWING_MS } from './request.ts';

/** The `width` under which a page's text is kept in page_images. */
export const TEXT_WIDTH = 0;

export type PageImagesManifest = Omit<SigningPageImages, 'url'>;

/**
 * The drawn pages of these prepared PDFs, by SHA-256: only documents whose every page is drawn. A document
 * never asked for (sent before pages were drawn, or while PAGE_IMAGES was off), or whose job was lost, is asked
 * for now, so its next
 * signer gets images; when `asked` is not 0, call `ctx.outbox.kick()` once the caller's transaction has committed.
 */
export async function drawnPagesOf(
  ctx: ServiceContext,
  sha256s: readonly string[],
): Promise<{ drawn: Map<string, PageImagesManifest>; asked: number }> {
  const drawn = new Map<string, PageImagesManifest>();
  if (sha256s.length === 0 || !ctx.config.pageImages) return { drawn, asked: 0 };
  const rows = await renderRows(ctx, sha256s);
  for (const r of rows)
    if (r.status === 'ready' && r.pages) drawn.set(r.sha256, { widths: r.widths, pages: r.pages });
  const known = new Set(rows.map((r) => r.sha256));
  const asked =
    (await requestPageDrawing(
      ctx,
      sha256s.filter((sha) => !known.has(sha)),
    )) +
    (await requestStaleDrawings(
      ctx,
      rows
        .filter((r) => r.status === 'pending' && r.createdAt < ctx.clock.now() - STALE_DRAWING_MS)
        .map((r) => r.sha256),
    ));
  return { drawn, asked };
}

export const renderRows = (ctx: ServiceContext, sha256s: readonly string[]) =>
  ctx.db
    .select({
      sha256: pageRenders.documentSha256,
      status: pageRenders.status,
      widths: pageRenders.widths,
      pages: pageRenders.pages,
      createdAt: pageRenders.createdAt,
    })
    .from(pageRenders)
    .where(inArray(pageRenders.documentSha256, [...new Set(sha256s)]));

/** One stored image (a width) or the text (TEXT_WIDTH) of a page of a drawn document; null if there is none. */
export async function drawnPageBlob(
  ctx: ServiceContext,
  documentSha256: string,
  page: number,
  width: number,
): Promise<{ sha256: string; mime: string } | null> {
  const found = await ctx.db
    .select({ sha256: pageImages.blobSha256, mime: pageImages.mime })
    .from(pageImages)
    .innerJoin(pageRenders, eq(pageRenders.documentSha256, pageImages.documentSha256))
    .where(
      and(
        eq(pageImages.documentSha256, documentSha256),
        eq(pageImages.page, page),
        eq(pageImages.width, width),
        eq(pageRenders.status, 'ready'),
      ),
    )
    .limit(1);
  return found[0] ?? null;
}
