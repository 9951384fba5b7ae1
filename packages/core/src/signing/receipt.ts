import type { participants, sessions } from '@countersign/db';
import type { ServiceContext } from '../context.ts';
import { documentsOfSession } from '../sessions/documents.ts';
import { emailContext, queueSessionEmail } from '../sessions/notifications.ts';

/**
 * The signer's receipt (when the session sends emails): the SHA-256 of each document as they signed it (the
 * prepared PDF they were shown) and the hash of their own participant.signed audit event. Inside the signing
 * transaction, so it is queued exactly when the signature commits.
 */
export async function queueSigningReceipt(
  ctx: ServiceContext,
  session: typeof sessions.$inferSelect,
  participant: typeof participants.$inferSelect,
  signedAt: number,
  eventHash: string,
): Promise<void> {
  if (!session.notify) return;
  const docs = (await documentsOfSession(ctx, session.id)).map((d) => ({
    filename: d.filename,
    sha256: d.preparedSha256,
  }));
  await queueSessionEmail(
    ctx,
    { ...(await emailContext(ctx, session)), to: participant },
    { kind: 'receipt', signedAt: new Date(signedAt), documents: docs, eventHash },
  );
}
