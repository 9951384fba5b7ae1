import { signingDrafts } from '@countersign/db';
import type { SigningDraft } from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { sessionFields } from '../sessions/fields.ts';
import { participantsOfSession } from '../sessions/participants.ts';
import { DomainError } from '../support/errors.ts';
import { checkAdopted } from './adopted.ts';
import { openLink } from './link.ts';
import { checkValue, fillable } from './sign.ts';
import { requireVerified } from './verification.ts';
import { canSignNow, type SignerRequest } from './view.ts';

/**
 * PUT /api/signing/{token}/draft: what the signer has entered so far, replacing the previous draft. Same
 * rules as signing for what a value may be and whose field it may fill, so a restored draft can always be
 * signed; only while signing is open to them. Nothing here is shown to anyone but this link's signer.
 */
export async function saveDraft(
  ctx: ServiceContext,
  token: string,
  draft: SigningDraft,
  request: SignerRequest,
): Promise<{ updatedAt: number }> {
  const signature = draft.signature ? checkAdopted('signature', draft.signature) : null;
  const initials = draft.initials ? checkAdopted('initials', draft.initials) : null;
  return await ctx.db.transaction(async () => {
    const link = await openLink(ctx, token);
    if (link.participant.status === 'signed' || link.session.status === 'completed')
      throw new DomainError('already_signed', 'you have already signed this request');
    await requireVerified(ctx, link, request.cookieToken);
    const people = await participantsOfSession(ctx, link.session.id);
    if (!canSignNow(link.session, link.participant, people))
      throw new DomainError('not_your_turn', 'it is not your turn to sign yet');
    const byId = new Map((await sessionFields(ctx, link.session.id)).map((f) => [f.fieldId, f]));
    const me = link.participant.id;
    const notAllowed: string[] = [];
    const seen = new Set<string>();
    for (const { fieldId, value } of draft.values) {
      const field = byId.get(fieldId);
      if (seen.has(fieldId))
        throw new DomainError('invalid_request', `values: field ${fieldId} is given more than once`);
      seen.add(fieldId);
      if (!field || !fillable(field, me)) {
        notAllowed.push(fieldId);
        continue;
      }
      const why = checkValue(field, value);
      if (why) throw new DomainError('invalid_field_value', `${fieldId}: ${why}`, { fieldIds: [fieldId] });
    }
    for (const fieldId of draft.initialed) {
      const field = byId.get(fieldId);
      if (!field || field.participantId !== me || (field.type !== 'signature' && field.type !== 'initials'))
        notAllowed.push(fieldId);
    }
    if (notAllowed.length) {
      throw new DomainError('field_not_allowed', `not your field to fill: ${notAllowed.join(', ')}`, {
        fieldIds: notAllowed,
      });
    }
    const now = ctx.clock.now();
    const data: SigningDraft = {
      values: draft.values,
      signature,
      initials,
      initialed: [...new Set(draft.initialed)],
    };
    await ctx.db
      .insert(signingDrafts)
      .values({ participantId: me, data, updatedAt: now })
      .onConflictDoUpdate({ target: signingDrafts.participantId, set: { data, updatedAt: now } });
    return { updatedAt: now };
  });
}

/** The signer's saved draft, for their own view only. */
export async function draftOf(ctx: ServiceContext, participantId: string): Promise<SigningDraft | null> {
  const row = (
    await ctx.db
      .select({ data: signingDrafts.data })
      .from(signingDrafts)
      .where(eq(signingDrafts.participantId, participantId))
      .limit(1)
  )[0];
  return row ? (row.data as SigningDraft) : null;
}

/** Signing or declining ends the draft: what was entered now lives in the session (or nowhere). */
export async function dropDraft(ctx: ServiceContext, participantId: string): Promise<void> {
  await ctx.db.delete(signingDrafts).where(eq(signingDrafts.participantId, participantId));
}
