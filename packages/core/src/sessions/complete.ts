import { documents, participants, sessions } from '@countersign/db';
import { type FinalizeInput, finalize } from '@countersign/pdf-engine';
import { asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { emitSessionEvent } from '../events/emit.ts';
import { DAY_MS } from '../support/clock.ts';
import { audit } from './audit.ts';
import { sessionFields } from './fields.ts';
import { DOWNLOAD_DAYS_AFTER_COMPLETION } from './lifecycle.ts';
import { participantLink } from './links.ts';
import { queueSessionEmail, type SessionEmailOptions, senderNameFor } from './notifications.ts';
import { sealCertificate } from './seal-certificate.ts';

type Adopted = { kind: 'typed' | 'drawn'; value: string };

/** Signed PDFs up to this size travel with the completion email; larger ones by link only. */
const ATTACH_LIMIT_BYTES = 5 * 1024 * 1024;

const utcDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The completion job: once every signer has signed, produce each final PDF exactly once (values and
 * signatures stamped, audit certificate appended, sealed as the last write), then mark the session
 * completed and tell everyone. Safe to run twice: a completed session is left as it is, and a document
 * that already has its final PDF is not produced again.
 */
export async function completeSession(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{ completed: boolean }> {
  const session = ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)).get();
  if (session?.status !== 'active') return { completed: session?.status === 'completed' };
  const people = ctx.db
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.position))
    .all();
  if (!people.every((p) => p.status === 'signed')) return { completed: false };

  const docs = ctx.db
    .select()
    .from(documents)
    .where(eq(documents.sessionId, sessionId))
    .orderBy(asc(documents.position))
    .all();
  const fields = sessionFields(ctx, sessionId);
  const byId = new Map(people.map((p) => [p.id, p]));
  const seal = sealCertificate(ctx);
  const completedAt = ctx.clock.now();
  const signers: FinalizeInput['audit']['signers'] = people.map((p) => ({
    name: p.name,
    email: p.email,
    verification: session.authRequirement === 'otp' ? 'one-time-code' : 'none',
    ip: p.signedIp,
    userAgent: p.signedUserAgent,
    sentAt: p.notifiedAt === null ? null : new Date(p.notifiedAt),
    viewedAt: p.viewedAt === null ? null : new Date(p.viewedAt),
    signedAt: p.signedAt === null ? null : new Date(p.signedAt),
  }));

  for (const doc of docs) {
    if (doc.finalSha256) continue;
    const stamp: FinalizeInput['fields'] = fields
      .filter((f) => f.documentId === doc.id)
      .map((f) => {
        const owner = f.participantId ? byId.get(f.participantId) : undefined;
        const base = { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, type: f.type };
        if (f.type === 'signature')
          return { ...base, value: null, signature: (owner?.signature as Adopted | null) ?? undefined };
        if (f.type === 'initials')
          return { ...base, value: null, signature: (owner?.initials as Adopted | null) ?? undefined };
        if (f.type === 'date' && f.automatic)
          return { ...base, value: owner?.signedAt ? utcDate(owner.signedAt) : null };
        if (f.type === 'name' && f.automatic) return { ...base, value: owner?.name ?? null };
        return { ...base, value: f.value };
      });
    const result = await finalize(
      ctx.blobs.read(doc.preparedSha256),
      {
        fields: stamp,
        audit: {
          sessionId,
          sessionTitle: session.title,
          documentName: doc.filename,
          status: 'completed',
          completedAt: new Date(completedAt),
          originalSha256: doc.sourceSha256,
          signers,
        },
      },
      {
        p12: seal.p12,
        passphrase: seal.passphrase,
        name: ctx.config.seal.name,
        reason: `Signed by ${people.map((p) => p.name).join(', ')}`,
        location: ctx.config.publicUrl,
        signingTime: new Date(completedAt),
      },
    );
    const sha = ctx.blobs.put(result.bytes, result.sha256);
    ctx.db.update(documents).set({ finalSha256: sha }).where(eq(documents.id, doc.id)).run();
  }

  const done = ctx.db.transaction(
    () => {
      const current = ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)).get()!;
      if (current.status !== 'active') return false;
      const now = ctx.clock.now();
      ctx.db
        .update(sessions)
        .set({ status: 'completed', completedAt: now, updatedAt: now })
        .where(eq(sessions.id, sessionId))
        .run();
      audit(ctx, { sessionId, type: 'session.completed' });
      if (session.notify) {
        const options = session.options as SessionEmailOptions;
        const senderName = senderNameFor(ctx, session.accountId, options);
        const email = {
          accountId: session.accountId,
          sessionTitle: session.title,
          options,
          expiresAt: session.expiresAt,
          senderName,
        };
        const finals = ctx.db
          .select()
          .from(documents)
          .where(eq(documents.sessionId, sessionId))
          .orderBy(asc(documents.position))
          .all();
        const attachments = finals.map((d) => ({
          filename: `${d.filename.replace(/\.pdf$/i, '')} (signed).pdf`,
          sha256: d.finalSha256!,
          contentType: 'application/pdf',
        }));
        const attach = attachments.reduce((n, a) => n + ctx.blobs.size(a.sha256), 0) <= ATTACH_LIMIT_BYTES;
        for (const p of people) {
          queueSessionEmail(
            ctx,
            { ...email, to: p, ...(attach ? { attachments } : {}) },
            {
              kind: 'completed',
              downloadUrl: participantLink(ctx, p),
              downloadExpiresAt: new Date(now + DOWNLOAD_DAYS_AFTER_COMPLETION * DAY_MS),
              attached: attach,
              documents: docs.map((d) => d.filename),
            },
          );
        }
      }
      emitSessionEvent(ctx, sessionId, 'session.completed');
      return true;
    },
    { behavior: 'immediate' },
  );
  if (done) ctx.outbox.kick();
  return { completed: true };
}
