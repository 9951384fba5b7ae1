import type { InspectOk } from '@countersign/pdf-engine';
import type { FailedDocument } from '@countersign/schemas';
import type { ServiceContext } from './context.ts';
import { DomainError } from './support/errors.ts';

/**
 * The one refusal of uploaded PDFs (templates, the embedded drive): 422 `documents_rejected` naming each file
 * with the engine's reason and sentence (pdf-engine's inspect/messages.ts), so both uploads say the same thing
 * about the same file.
 */
export const documentsRejected = (failedDocuments: FailedDocument[]) =>
  new DomainError(
    'documents_rejected',
    failedDocuments.map((d) => `${d.filename} was rejected (${d.reason}): ${d.message}`).join('; '),
    { failedDocuments },
  );

/** Inspects every uploaded PDF; all must be accepted, else `documentsRejected` naming each refused one. */
export async function inspectUploads(
  ctx: ServiceContext,
  files: readonly { filename: string; bytes: Uint8Array }[],
): Promise<InspectOk[]> {
  const results = await Promise.all(files.map((f) => ctx.pdf.inspect(f.bytes)));
  const failed: FailedDocument[] = [];
  results.forEach((r, i) => {
    if (!r.ok)
      failed.push({ cloudFileId: null, filename: files[i]!.filename, reason: r.reason, message: r.message });
  });
  if (failed.length > 0) throw documentsRejected(failed);
  return results as InspectOk[];
}
