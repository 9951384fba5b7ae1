import type { InspectOk } from '@countersign/pdf-engine';
import type { FailedDocument } from '@countersign/schemas';
import type { ServiceContext } from '../../context.ts';
import { driveErrorToDomain, driveFor } from '../../drive/drive-service.ts';

export interface FetchedDocument {
  cloudFileId: string;
  filename: string;
  sha256: string;
  bytes: Uint8Array;
  inspected: InspectOk;
}

export type FetchOutcome =
  | { ok: true; documents: FetchedDocument[] }
  | { ok: false; failedDocuments: FailedDocument[] };

/**
 * Downloads every file of the call from the account's drive and judges each one before anything is
 * created. Any drive error stops the call (400/502 naming the file); any rejected PDF makes the call a 422
 * listing every rejected file. Identical bytes are inspected once.
 */
export async function fetchAndInspect(
  ctx: ServiceContext,
  accountId: string,
  cloudFileIds: string[],
): Promise<FetchOutcome> {
  const drive = await driveFor(ctx, accountId);
  const distinctIds = [...new Set(cloudFileIds)];
  const files = await Promise.all(
    distinctIds.map(async (id) => {
      try {
        const meta = await drive.stat(id);
        return { id, filename: meta.filename, bytes: await drive.read(id) };
      } catch (err) {
        return { id, error: err };
      }
    }),
  );
  // Report the first failing file in request order, as the caller listed them.
  for (const f of files) if ('error' in f) driveErrorToDomain(f.error);

  const byId = new Map<string, { filename: string; bytes: Uint8Array }>();
  for (const f of files) if (!('error' in f)) byId.set(f.id, f as { filename: string; bytes: Uint8Array });

  const verdicts = new Map<Uint8Array, Awaited<ReturnType<ServiceContext['pdf']['inspect']>>>();
  await Promise.all(
    [...byId.values()].map(async (f) => verdicts.set(f.bytes, await ctx.pdf.inspect(f.bytes))),
  );

  const failedDocuments: FailedDocument[] = [];
  const documents: FetchedDocument[] = [];
  for (const id of cloudFileIds) {
    const f = byId.get(id)!;
    const verdict = verdicts.get(f.bytes)!;
    if (!verdict.ok) {
      if (!failedDocuments.some((d) => d.cloudFileId === id)) {
        failedDocuments.push({
          cloudFileId: id,
          filename: f.filename,
          reason: verdict.reason,
          message: verdict.message,
        });
      }
      continue;
    }
    documents.push({
      cloudFileId: id,
      filename: f.filename,
      sha256: verdict.sha256,
      bytes: f.bytes,
      inspected: verdict,
    });
  }
  return failedDocuments.length > 0 ? { ok: false, failedDocuments } : { ok: true, documents };
}
