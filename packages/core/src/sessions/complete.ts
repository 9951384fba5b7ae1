import { documents, sessions } from '@countersign/db';
import { activeContentLabels, type FinalizeInput, type FinalizeResult } from '@countersign/pdf-engine';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { brandingOf } from '../accounts/branding.ts';
import type { ServiceContext } from '../context.ts';
import { emitSessionEvent } from '../events/emit.ts';
import { DAY_MS } from '../support/clock.ts';
import { audit, auditChainHead } from './audit.ts';
import { automaticFieldValue } from './automatic-fields.ts';
import {
  type Claim,
  CompletionFailedError,
  claimCompletion,
  outcome,
  recordFailure,
  renewClaim,
} from './completion-claim.ts';
import { activeContentRemovedFrom, documentsOfSession } from './documents.ts';
import { sessionFields } from './fields.ts';
import { DOWNLOAD_DAYS_AFTER_COMPLETION } from './lifecycle.ts';
import { participantLink } from './links.ts';
import { localDate, sessionLocale } from './locale.ts';
import {
  ccAddresses,
  queueSessionEmail,
  type SessionEmailOptions,
  senderNameFor,
  TEST_NOTICE,
} from './notifications.ts';
import { queueOutcomeEmails } from './outcome-emails.ts';
import { sessionWithPeople } from './session-lookup.ts';

type Adopted = { kind: 'typed' | 'drawn'; value: string };

/** Signed PDFs up to this size travel with the completion email; larger ones by link only. */
const ATTACH_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * The completion job (and the sweep's catch-up): once every signer has signed, produce each final PDF
 * exactly once (values and signatures stamped, audit certificate appended, sealed as the last write), then
 * mark the session completed and tell everyone, in one transaction.
 *
 * Any number of runs may be started for one session, in any process:
 * - a run first claims the session with a conditional UPDATE (a lease, `completion_claimed_until`, renewed
 *   before each document); while a live claim is held by another run this one does nothing and answers
 *   `completed: false`; a run whose lease lapsed (its process died) is taken over by the next sweep;
 * - the completion time is decided once, by the first claim, so every PDF and `completedAt` carry the same;
 * - each final PDF is kept only if its document has none yet (checked in the write transaction that stores
 *   it), and the session is completed only while still active: a run that loses either race (it outlived
 *   its lease and another run took over) discards its PDF, stops, and answers the session's state. So one
 *   sealed PDF per document ever becomes final, and the emails, webhooks and downloads all refer to it;
 * - a failure (finalize throws on some input) is recorded and backs the session off
 *   (`completionRetryDelay`) instead of leaving the claim to lapse, and throws `CompletionFailedError`; so
 *   does a run started while the session waits for its next attempt.
 */
export async function completeSession(
  ctx: ServiceContext,
  sessionId: string,
): Promise<{ completed: boolean }> {
  const claim = await claimCompletion(ctx, sessionId);
  if (!claim) return await outcome(ctx, sessionId);
  try {
    const produced = await produce(ctx, sessionId, claim);
    if (produced.completed) ctx.telemetry.completion('completed');
    return produced;
  } catch (err) {
    if (err instanceof CompletionFailedError) throw err; // another run's failure, already recorded
    ctx.telemetry.completion('failed');
    const recorded = await recordFailure(ctx, sessionId, claim, err);
    if (recorded && recorded.retryAt === null) ctx.outbox.kick(); // gave up: its webhook is in the outbox
    throw new CompletionFailedError(sessionId, recorded?.failures ?? null, recorded?.retryAt ?? null, err);
  }
}

async function produce(
  ctx: ServiceContext,
  sessionId: string,
  claim: Claim,
): Promise<{ completed: boolean }> {
  const { session, people } = await sessionWithPeople(ctx, sessionId);
  const docs = await documentsOfSession(ctx, sessionId);
  const fields = await sessionFields(ctx, sessionId, { docs, people });
  const byId = new Map(people.map((p) => [p.id, p]));
  const seal = await ctx.secrets.sealCertificate();
  const { completedAt } = claim;
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

  // Every event up to now (the last signature, at least) is covered by the head printed in the certificates.
  const chainHead = await auditChainHead(ctx, sessionId);
  const locale = sessionLocale(
    session.options as SessionEmailOptions,
    (await brandingOf(ctx, session.accountId)).defaultLocale,
  );
  for (const doc of docs) {
    if (doc.finalSha256) continue; // made by an earlier run that did not get as far as completing
    if (!(await renewClaim(ctx, sessionId, claim))) return await outcome(ctx, sessionId);
    const stamp: FinalizeInput['fields'] = fields
      .filter((f) => f.documentId === doc.id)
      .map((f) => {
        const owner = f.participantId ? byId.get(f.participantId) : undefined;
        const base = { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, type: f.type };
        if (f.type === 'signature')
          return { ...base, value: null, signature: (owner?.signature as Adopted | null) ?? undefined };
        if (f.type === 'initials')
          return { ...base, value: null, signature: (owner?.initials as Adopted | null) ?? undefined };
        if (f.automatic)
          return { ...base, value: automaticFieldValue(f.type, owner, (t) => localDate(locale, t)) };
        return { ...base, value: f.value };
      });
    // What preparation removed from the source, for the certificate (found again on rows older than the record).
    const removed =
      (await activeContentRemovedFrom(ctx, doc)) ??
      (await ctx.pdf.activeContentOf(await ctx.blobs.read(doc.sourceSha256))).kinds;
    const result = await ctx.pdf.finalize(
      await ctx.blobs.read(doc.preparedSha256),
      {
        fields: stamp,
        audit: {
          sessionId,
          sessionTitle: session.title,
          documentName: doc.filename,
          status: session.test ? `completed (${TEST_NOTICE})` : 'completed',
          completedAt: new Date(completedAt),
          originalSha256: doc.sourceSha256,
          activeContentRemoved: removed.map((k) => activeContentLabels[k]),
          auditChainHead: chainHead,
          signers,
        },
        ...(session.test ? { pageMark: `${TEST_NOTICE.toUpperCase()}: TEST SESSION` } : {}),
      },
      {
        p12: seal.p12,
        passphrase: seal.passphrase,
        name: ctx.config.seal.name,
        reason: `${session.test ? `${TEST_NOTICE}. ` : ''}Signed by ${people.map((p) => p.name).join(', ')}`,
        location: ctx.config.publicUrl,
        signingTime: new Date(completedAt),
        auditChainHead: chainHead,
        // With a TSA the seal is time-stamped; a TSA that fails fails the attempt (back-off, never a B-B seal).
        ...(ctx.config.seal.tsa ? { tsa: ctx.config.seal.tsa } : {}),
      },
    );
    await keepFinal(ctx, sessionId, doc.id, result);
  }

  const done = await ctx.db.transaction(async () => {
    const finals = await documentsOfSession(ctx, sessionId);
    if (finals.some((d) => d.finalSha256 === null)) return false;
    const completed = await ctx.db
      .update(sessions)
      .set({
        status: 'completed',
        completedAt,
        updatedAt: ctx.clock.now(),
        completionClaim: null,
        completionClaimedUntil: null,
      })
      .where(and(eq(sessions.id, sessionId), eq(sessions.status, 'active')))
      .returning();
    if (completed.length === 0) return false; // another run completed it
    // The final documents' hashes go into the chain; this event's hash is the head session.completed carries.
    const head = await audit(ctx, {
      sessionId,
      type: 'session.completed',
      data: { documents: finals.map((d) => ({ documentId: d.id, sha256: d.finalSha256 })) },
    });
    if (session.notify) {
      const options = session.options as SessionEmailOptions;
      const senderName = await senderNameFor(ctx, session.accountId, options);
      const email = {
        accountId: session.accountId,
        sessionId,
        sessionTitle: session.title,
        options,
        expiresAt: session.expiresAt,
        test: session.test,
        senderName,
      };
      // The finals as committed, read in this transaction: what every email, webhook and download serves.
      const attachments = finals.map((d) => ({
        filename: `${d.filename.replace(/\.pdf$/i, '')} (signed).pdf`,
        sha256: d.finalSha256!,
        contentType: 'application/pdf',
      }));
      let total = 0;
      for (const a of attachments) total += await ctx.blobs.size(a.sha256);
      const attach = total <= ATTACH_LIMIT_BYTES;
      for (const p of people) {
        await queueSessionEmail(
          ctx,
          { ...email, to: p, ...(attach ? { attachments } : {}) },
          {
            kind: 'completed',
            downloadUrl: participantLink(ctx, p),
            downloadExpiresAt: new Date(completedAt + DOWNLOAD_DAYS_AFTER_COMPLETION * DAY_MS),
            attached: attach,
            documents: finals.map((d) => d.filename),
          },
        );
      }
      // A cc address has no link to download with: the signed PDFs travel attached, whatever their size.
      for (const address of ccAddresses(options)) {
        await queueSessionEmail(
          ctx,
          { ...email, to: { name: null, email: address }, attachments },
          {
            kind: 'completed',
            downloadUrl: null,
            downloadExpiresAt: new Date(completedAt + DOWNLOAD_DAYS_AFTER_COMPLETION * DAY_MS),
            attached: true,
            documents: finals.map((d) => d.filename),
          },
        );
      }
    }
    await queueOutcomeEmails(ctx, completed[0]!, {
      kind: 'sent_completed',
      at: completedAt,
      signers: [...people].sort((a, b) => a.signingOrder - b.signingOrder).map((p) => p.name),
    });
    await emitSessionEvent(ctx, completed[0]!, 'session.completed', { auditChainHead: head, docs: finals });
    return true;
  });
  if (!done) return await outcome(ctx, sessionId);
  ctx.outbox.kick();
  return { completed: true };
}

/**
 * Stores a document's final PDF if it has none yet and the session is still active. The bytes are stored
 * before the conditional write (which every process's writers wait for on SQLite) and only after a read saw
 * the document still open: a run that lost the race stores no blob, and one that loses it in between leaves
 * an unreferenced blob (blobs are content-addressed) and changes nothing.
 */
async function keepFinal(
  ctx: ServiceContext,
  sessionId: string,
  documentId: string,
  result: FinalizeResult,
): Promise<boolean> {
  const [open] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(sessions, eq(sessions.id, documents.sessionId))
    .where(and(stillOpen(sessionId, documentId), eq(sessions.status, 'active')));
  if (!open) return false;
  const sha = await ctx.blobs.put(result.bytes, result.sha256);
  // One conditional statement, so atomic on its own: the check and the write cannot be split by another run.
  const kept = await ctx.db
    .update(documents)
    .set({ finalSha256: sha })
    .where(
      and(
        stillOpen(sessionId, documentId),
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(sessions)
            .where(and(eq(sessions.id, sessionId), eq(sessions.status, 'active'))),
        ),
      ),
    )
    .returning({ id: documents.id });
  return kept.length === 1;
}

/** The document of this session with no final PDF yet. */
const stillOpen = (sessionId: string, documentId: string) =>
  and(eq(documents.id, documentId), eq(documents.sessionId, sessionId), isNull(documents.finalSha256));
