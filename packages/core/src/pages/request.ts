import { pageRenders } from '@countersign/db';
import { documentPagesJob } from '@countersign/schemas';
import { and, eq, lt } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { queueJob } from '../outbox/jobs.ts';

/**
 * Pixel widths every page is drawn at: 800 fills a phone at 2x and a desktop column at 1x; 1600 a phone at 3x,
 * a desktop at 2x, and a pinch-zoom. The page's `srcset` lets each browser take the one it needs.
 */
export const PAGE_IMAGE_WIDTHS = [800, 1600];

/**
 * Asks for these prepared PDFs' pages to be drawn (docs/signing-page.md, "Pages drawn ahead of time"): once per
 * document, by a job queued through the outbox, so it runs after the caller's answer and survives a restart.
 * A document already drawn, being drawn or that could not be is left as it is. Call it in the caller's
 * transaction when there is one, then kick the outbox.
 */
export async function requestPageDrawing(ctx: ServiceContext, sha256s: readonly string[]): Promise<number> {
  if (!ctx.config.pageImages) return 0;
  let queued = 0;
  for (const sha256 of new Set(sha256s)) {
    const inserted = await ctx.db
      .insert(pageRenders)
      .values({
        documentSha256: sha256,
        status: 'pending',
        widths: PAGE_IMAGE_WIDTHS,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ sha256: pageRenders.documentSha256 });
    if (inserted.length === 0) continue;
    await queueJob(ctx, null, { job: documentPagesJob.name, sha256 });
    queued++;
  }
  return queued;
}

/** A drawing still pending this long lost its job (a restart of the embedded queue, attempts spent). */
export const STALE_DRAWING_MS = 10 * 60_000;

/** Asks again for drawings whose job was lost (see STALE_DRAWING_MS); the caller kicks the outbox after commit. */
export async function requestStaleDrawings(ctx: ServiceContext, sha256s: readonly string[]): Promise<number> {
  const now = ctx.clock.now();
  let queued = 0;
  for (const sha256 of new Set(sha256s)) {
    const renewed = await ctx.db
      .update(pageRenders)
      .set({ createdAt: now })
      .where(
        and(
          eq(pageRenders.documentSha256, sha256),
          eq(pageRenders.status, 'pending'),
          lt(pageRenders.createdAt, now - STALE_DRAWING_MS),
        ),
      )
      .returning({ sha256: pageRenders.documentSha256 });
    if (renewed.length === 0) continue;
    await queueJob(ctx, null, { job: documentPagesJob.name, sha256 });
    queued++;
  }
  return queued;
}
