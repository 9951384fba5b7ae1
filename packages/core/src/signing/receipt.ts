import { documents, type participants, type sessions } from '@countersign/db';
import { asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { queueSessionEmail, type SessionEmailOptions, senderNameFor } from '../sessions/notifications.ts';

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
  const docs = await ctx.db
    .select({ filename: documents.filename, sha256: documents.preparedSha256 })
    .from(documents)
    .where(eq(documents.sessionId, session.id))
    .orderBy(asc(documents.position));
  const options = session.options as SessionEmailOptions;
  await queueSessionEmail(
    ctx,
    {
      accountId: session.accountId,
      sessionId: session.id,
      sessionTitle: session.title,
      options,
      expiresAt: session.expiresAt,
      test: session.test,
      senderName: await senderNameFor(ctx, session.accountId, options),
      to: participant,
    },
    { kind: 'receipt', signedAt: new Date(signedAt), documents: docs, eventHash },
  );
}
