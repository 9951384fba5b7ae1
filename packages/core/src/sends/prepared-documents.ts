import { preparedDocuments } from '@countersign/db';
import type { FieldPlacement, InspectOk } from '@countersign/pdf-engine';
import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';

export type PreparedDocument = typeof preparedDocuments.$inferSelect & { layout: FieldPlacement[] };

/**
 * The prepared form of a source PDF for `signerCount` signers, from the cache or made now. Keyed by the
 * source's SHA-256, so the same bytes sent again (another entry, call or account) are never prepared twice.
 */
export async function preparedDocumentFor(
  ctx: ServiceContext,
  source: { sha256: string; bytes: Uint8Array; inspected: InspectOk },
  signerCount: number,
): Promise<PreparedDocument> {
  const find = async () =>
    (
      await ctx.db
        .select()
        .from(preparedDocuments)
        .where(
          and(
            eq(preparedDocuments.sourceSha256, source.sha256),
            eq(preparedDocuments.signerCount, signerCount),
          ),
        )
        .limit(1)
    )[0] as PreparedDocument | undefined;
  const cached = await find();
  if (cached) return cached;
  const prepared = await ctx.pdf.prepare(source.bytes, signerCount, source.inspected);
  const preparedSha256 = await ctx.blobs.put(prepared.bytes, prepared.sha256);
  await ctx.db
    .insert(preparedDocuments)
    .values({
      id: newId(),
      sourceSha256: source.sha256,
      signerCount,
      preparedSha256,
      pageCount: prepared.pageCount,
      sourcePageCount: source.inspected.pageCount,
      layout: prepared.fields,
      activeContentRemoved: prepared.activeContentRemoved,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
  return (await find())!;
}
