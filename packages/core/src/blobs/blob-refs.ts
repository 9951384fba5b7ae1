import {
  blobs,
  documents,
  driveFiles,
  pageImages,
  pageRenders,
  preparedDocuments,
  sessions,
  templateDocuments,
} from '@countersign/db';
import { and, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';

/**
 * Of the blobs `candidates`, those nothing else still needs: no template document, no file of a drive kept in
 * the database, and no document of a session other than `exceptSessionId` whose purge has not been asked for.
 * Blobs are shared by content (blob-store.ts), so a purge or a drive file's removal deletes only these.
 */
export async function blobsOnlyUsedBy(
  ctx: ServiceContext,
  exceptSessionId: string | null,
  candidates: string[],
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const used = new Set<string>();
  const liveDocs = await ctx.db
    .select({ s: documents.sourceSha256, p: documents.preparedSha256, f: documents.finalSha256 })
    .from(documents)
    .innerJoin(sessions, eq(sessions.id, documents.sessionId))
    .where(
      and(
        exceptSessionId === null ? undefined : ne(documents.sessionId, exceptSessionId),
        isNull(sessions.purgeRequestedAt),
        or(
          inArray(documents.sourceSha256, candidates),
          inArray(documents.preparedSha256, candidates),
          inArray(documents.finalSha256, candidates),
        ),
      ),
    );
  for (const d of liveDocs) for (const sha of [d.s, d.p, d.f]) if (sha) used.add(sha);
  const templateDocs = await ctx.db
    .select({ s: templateDocuments.sourceSha256, p: templateDocuments.preparedSha256 })
    .from(templateDocuments)
    .where(
      or(
        inArray(templateDocuments.sourceSha256, candidates),
        inArray(templateDocuments.preparedSha256, candidates),
      ),
    );
  for (const d of templateDocs) used.add(d.s).add(d.p);
  const driveDocs = await ctx.db
    .select({ s: driveFiles.sha256 })
    .from(driveFiles)
    .where(inArray(driveFiles.sha256, candidates));
  for (const d of driveDocs) used.add(d.s);
  const unused = [...new Set(candidates)].filter((sha) => !used.has(sha));
  return [...unused, ...(await pageBlobsOnlyOf(ctx, unused))];
}

/**
 * The blobs of these documents' drawn pages (pages/) that no other document's pages share: they show the
 * document's content, so they go with it.
 */
async function pageBlobsOnlyOf(ctx: ServiceContext, documentShas: string[]): Promise<string[]> {
  if (documentShas.length === 0) return [];
  const shas: string[] = [];
  for (const part of chunks(documentShas)) {
    const rows = await ctx.db
      .selectDistinct({ sha: pageImages.blobSha256 })
      .from(pageImages)
      .where(inArray(pageImages.documentSha256, part));
    shas.push(...rows.map((r) => r.sha));
  }
  const kept = new Set<string>();
  for (const part of chunks([...new Set(shas)])) {
    const shared = await ctx.db
      .selectDistinct({ sha: pageImages.blobSha256 })
      .from(pageImages)
      .where(and(inArray(pageImages.blobSha256, part), notInArray(pageImages.documentSha256, documentShas)));
    for (const r of shared) kept.add(r.sha);
  }
  return [...new Set(shas)].filter((sha) => !kept.has(sha));
}

/**
 * Lists of at most 500: a long document's pages are thousands of blobs, and each is a bound parameter (SQLite
 * takes 32,766 a statement, PostgreSQL 65,535).
 */
function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Forgets deleted blobs in the caller's transaction: their rows, the drawings of their pages, and the
 * prepared-document cache entries made from or into them (a later send of the same PDF prepares it again
 * rather than point at a missing file).
 */
export async function forgetBlobs(ctx: ServiceContext, all: string[]): Promise<void> {
  for (const shas of chunks(all)) {
    await ctx.db
      .delete(preparedDocuments)
      .where(
        or(inArray(preparedDocuments.sourceSha256, shas), inArray(preparedDocuments.preparedSha256, shas)),
      );
    await ctx.db.delete(pageImages).where(inArray(pageImages.documentSha256, shas));
    await ctx.db.delete(pageRenders).where(inArray(pageRenders.documentSha256, shas));
    await ctx.db.delete(blobs).where(inArray(blobs.sha256, shas));
  }
}
