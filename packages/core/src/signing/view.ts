import { auditEvents, participants } from '@countersign/db';
import type { AdoptedSignature, SigningField, SigningPageImages, SigningView } from '@countersign/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { drawnPagesOf, type PageImagesManifest } from '../pages/read.ts';
import { type AuditOrigin, audit } from '../sessions/audit.ts';
import { automaticFieldValue } from '../sessions/automatic-fields.ts';
import { documentsOfSession } from '../sessions/documents.ts';
import { sessionFields } from '../sessions/fields.ts';
import { currentTurn } from '../sessions/lifecycle.ts';
import { type SessionEmailOptions, senderNameFor } from '../sessions/notifications.ts';
import { type ParticipantRow, participantsOfSession } from '../sessions/participants.ts';
import type { SessionRow } from '../sessions/session-lookup.ts';
import { draftOf } from './draft.ts';
import { openLink } from './link.ts';
import { isVerified } from './verification.ts';

export interface SignerRequest {
  /** The signer cookie's token, when the browser sent one. */
  cookieToken?: string | null;
  origin: AuditOrigin;
}

const iso = (t: number) => new Date(t).toISOString();
export const utcDate = (t: number) => iso(t).slice(0, 10);

export const signingDocumentUrl = (ctx: ServiceContext, token: string, documentId: string) =>
  `${ctx.config.publicUrl}/api/signing/${token}/documents/${documentId}`;

/** Whether the participant may sign now: session active, their turn, not signed or declined. */
export function canSignNow(
  session: SessionRow,
  participant: ParticipantRow,
  people: ParticipantRow[],
): boolean {
  return session.status === 'active' && currentTurn(session, people).has(participant.id);
}

/** Opens of one link are recorded at most this often per kind (a reload, a poll, a scanner's retries). */
export const OPEN_RECORD_INTERVAL_MS = 3_600_000;

async function recordOpen(
  ctx: ServiceContext,
  sessionId: string,
  participantId: string,
  type: 'link.viewed' | 'link.opened',
  origin: AuditOrigin,
): Promise<void> {
  const last = (
    await ctx.db
      .select({ at: auditEvents.at })
      .from(auditEvents)
      .where(and(eq(auditEvents.participantId, participantId), eq(auditEvents.type, type)))
      .orderBy(desc(auditEvents.at))
      .limit(1)
  )[0];
  if (last && ctx.clock.now() - last.at < OPEN_RECORD_INTERVAL_MS) return;
  await audit(ctx, { sessionId, participantId, type, origin });
}

/**
 * GET /api/signing/{token}: what the signer's screen needs. Records the view (audit `link.viewed` at
 * most once an hour, and `viewed` the first time) once the signer is verified, when a code is
 * required; before that a throttled `link.opened`. While a code is required and not verified, documents and fields stay empty, so a
 * forwarded link shows nothing but the title and whom it is for (not even whom the session waits for).
 */
export async function getSigningView(
  ctx: ServiceContext,
  token: string,
  request: SignerRequest,
): Promise<SigningView> {
  let askedForPages = 0;
  const view = await ctx.db.transaction(async () => {
    const { session, participant: before, downloadUntil } = await openLink(ctx, token);
    const now = ctx.clock.now();
    const otp = session.authRequirement === 'otp';
    const verified = otp && (await isVerified(ctx, before.id, request.cookieToken));
    if (!otp || verified) {
      // A view: the signer (past the code, when one is required) saw the documents.
      await recordOpen(ctx, session.id, before.id, 'link.viewed', request.origin);
      const firstView = before.status === 'pending' || before.status === 'notified';
      if (firstView || before.viewedAt === null) {
        await ctx.db
          .update(participants)
          .set({ ...(firstView ? { status: 'viewed' as const } : {}), viewedAt: before.viewedAt ?? now })
          .where(eq(participants.id, before.id));
      }
    } else {
      // Opened before the code: a mail scanner as likely as the signer, so not a view.
      await recordOpen(ctx, session.id, before.id, 'link.opened', request.origin);
    }
    const people = await participantsOfSession(ctx, session.id);
    const participant = people.find((p) => p.id === before.id)!;
    const visible = !otp || verified;
    const yourTurn = canSignNow(session, participant, people);
    const turn = currentTurn(session, people);
    const waitingFor =
      visible && session.status === 'active' && !yourTurn && participant.status !== 'signed'
        ? people.filter((p) => turn.has(p.id)).map((p) => ({ name: p.name }))
        : [];
    const docs = await documentsOfSession(ctx, session.id);
    const pages = visible
      ? await drawnPagesOf(
          ctx,
          docs.map((d) => d.preparedSha256),
        )
      : { drawn: new Map(), asked: 0 };
    askedForPages = pages.asked;
    const byId = new Map(people.map((p) => [p.id, p]));
    const editable = yourTurn && visible;

    const fields: SigningField[] = visible
      ? (await sessionFields(ctx, session.id, { docs, people })).map((f) => {
          const mine = f.participantId === participant.id;
          const owner = f.participantId ? byId.get(f.participantId) : undefined;
          let value = f.value;
          const adoptedField = f.type === 'signature' || f.type === 'initials';
          if (adoptedField) value = null;
          // Shown once their owner has signed: what the final PDF will carry, the day as ISO.
          else if (f.automatic) value = automaticFieldValue(f.type, owner, utcDate);
          return {
            id: f.fieldId,
            documentId: f.documentId,
            type: f.type,
            label: f.label,
            page: f.page,
            rect: { x: f.x, y: f.y, width: f.width, height: f.height },
            required: f.required,
            value,
            // What a signer adopted is on the page once they signed, for them and for everyone after them.
            adopted:
              adoptedField && owner?.signedAt
                ? ((f.type === 'signature' ? owner.signature : owner.initials) as AdoptedSignature | null)
                : null,
            mine,
            automatic: f.automatic,
            readOnly: !(editable && mine) || f.automatic || f.type === 'signature' || f.type === 'initials',
          };
        })
      : [];

    const options = session.options as SessionEmailOptions;
    return {
      title: session.title,
      test: session.test,
      senderName: await senderNameFor(ctx, session.accountId, options),
      status: session.status === 'completed' ? 'completed' : 'active',
      signingType: session.signingType,
      expiresAt: iso(session.expiresAt),
      participant: {
        id: participant.id,
        name: participant.name,
        email: participant.email,
        status: participant.status,
        signedAt: participant.signedAt === null ? null : iso(participant.signedAt),
      },
      auth: {
        required: otp,
        verified,
        locked: participant.otpLockedUntil !== null && participant.otpLockedUntil > now,
        lockedUntil:
          participant.otpLockedUntil !== null && participant.otpLockedUntil > now
            ? iso(participant.otpLockedUntil)
            : null,
      },
      yourTurn,
      waitingFor,
      documents: visible
        ? docs.map((d) => ({
            id: d.id,
            filename: d.filename,
            pageCount: d.pageCount,
            url: signingDocumentUrl(ctx, token, d.id),
            pageImages: pageImagesOf(pages.drawn.get(d.preparedSha256), signingDocumentUrl(ctx, token, d.id)),
          }))
        : [],
      fields,
      draft: editable ? await draftOf(ctx, participant.id) : null,
      download:
        downloadUntil === null
          ? null
          : { ready: docs.every((d) => d.finalSha256 !== null), availableUntil: iso(downloadUntil) },
    } satisfies SigningView;
  });
  if (askedForPages > 0) ctx.outbox.kick();
  return view;
}

/** A drawn document's pages as the view gives them: under the document's own URL, so the link guards them. */
const pageImagesOf = (
  drawn: PageImagesManifest | undefined,
  documentUrl: string,
): SigningPageImages | null => (drawn ? { ...drawn, url: `${documentUrl}/pages` } : null);
