import { fieldValues, participants } from '@countersign/db';
import type { AdoptedSignature } from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { audit } from '../sessions/audit.ts';
import { type SessionField, sessionFields } from '../sessions/fields.ts';
import { afterParticipantSigned, currentTurn } from '../sessions/lifecycle.ts';
import { participantById, participantsOfSession } from '../sessions/participants.ts';
import { DomainError } from '../support/errors.ts';
import { checkAdopted, checkEmbeddable, initialsOf } from './adopted.ts';
import { dropDraft } from './draft.ts';
import { openLink } from './link.ts';
import { queueSigningReceipt } from './receipt.ts';
import { requireFittingText, valuesToStamp } from './text-fit.ts';
import { requireVerified } from './verification.ts';
import type { SignerRequest } from './view.ts';

export interface SignInput {
  values: { fieldId: string; value: string }[];
  signature: AdoptedSignature;
  initials?: AdoptedSignature;
  /** The signature and initials fields the signer placed one by one (the signing page sends them). */
  placed?: string[];
}

export interface SignResult {
  sessionId: string;
  signedAt: number;
  /** Every signer has signed: the caller hands the session to the completion job (after this commit). */
  allSigned: boolean;
}

/** Control characters other than tab and line breaks have no place in a form field. */
const BAD_TEXT = /[^\P{Cc}\t\n\r]/u;
const isEmpty = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/** What a signer may send a value for: their own fields that are neither adopted (signature, initials) nor automatic. */
export const fillable = (f: SessionField, participantId: string) =>
  f.participantId === participantId && !f.automatic && f.type !== 'signature' && f.type !== 'initials';

export function checkValue(field: SessionField, value: string): string | null {
  if (field.type === 'checkbox')
    return value === 'true' || value === 'false' ? null : 'a checkbox takes "true" or "false"';
  if (BAD_TEXT.test(value)) return 'must not contain control characters';
  return null;
}

/**
 * POST /api/signing/{token}/sign. In one transaction: every rule (link open, verified, this signer's turn,
 * not signed yet, values only for their own fillable fields, every required field filled), then the
 * values, the adopted signature and initials, who/when/where, the audit event and the session's next
 * step (`afterParticipantSigned`). Name and email fields left empty take the signer's name and email; a
 * date field a signer fills is never dated for them (only automatic "date signed" fields are, at completion).
 * With `placed`, every required signature and initials field must be one the signer tapped. A signer with no
 * signature field cannot sign at all (`no_signature_field`), so no session completes without every signature.
 */
export async function signAsParticipant(
  ctx: ServiceContext,
  token: string,
  input: SignInput,
  request: SignerRequest,
): Promise<SignResult> {
  const signature = checkAdopted('signature', input.signature);
  const adoptedInitials = input.initials ? checkAdopted('initials', input.initials) : undefined;
  // Decoding a drawing is real work: only for a live link whose signer passed the code (the transaction
  // below checks everything again).
  const opened = await openLink(ctx, token);
  await requireVerified(ctx, opened, request.cookieToken);
  await checkEmbeddable(ctx, 'signature', signature);
  if (adoptedInitials) await checkEmbeddable(ctx, 'initials', adoptedInitials);
  // The layout completion will run, on everything this signer's fields will show: what cannot be set is
  // refused now, so no text can keep the session from completing.
  const sessionFieldList = await sessionFields(ctx, opened.session.id);
  await requireFittingText(ctx, opened.participant, sessionFieldList, {
    values: valuesToStamp(sessionFieldList, opened.participant, input.values),
    signature,
    ...(adoptedInitials ? { initials: adoptedInitials } : {}),
  });
  const result = await ctx.db.transaction(async () => {
    const link = await openLink(ctx, token);
    const { session } = link;
    const participant = (await participantById(ctx, link.participant.id))!;
    if (participant.status === 'signed' || session.status === 'completed') {
      throw new DomainError('already_signed', 'you have already signed this request');
    }
    await requireVerified(ctx, link, request.cookieToken);
    const people = await participantsOfSession(ctx, session.id);
    const turn = currentTurn(session, people);
    if (!turn.has(participant.id)) {
      const waiting = people.filter((p) => turn.has(p.id)).map((p) => p.name);
      throw new DomainError(
        'not_your_turn',
        `it is not your turn yet: waiting for ${waiting.join(', ')} to sign first`,
      );
    }

    const fields = await sessionFields(ctx, session.id, { people });
    const ownSignatures = fields.filter((f) => f.participantId === participant.id && f.type === 'signature');
    // A session sent before templates were checked for readiness may have none: signing would then complete
    // it without this signer's signature anywhere on the document.
    if (ownSignatures.length === 0) {
      throw new DomainError(
        'no_signature_field',
        'this request has no signature field for you, so it cannot be signed; ask the sender to send a corrected one',
      );
    }
    const byId = new Map(fields.map((f) => [f.fieldId, f]));
    const given = new Map<string, string>();
    const notAllowed: string[] = [];
    const badValues: { fieldId: string; why: string }[] = [];
    for (const { fieldId, value } of input.values) {
      if (given.has(fieldId))
        throw new DomainError('invalid_request', `values: field ${fieldId} is given more than once`);
      given.set(fieldId, value);
      const field = byId.get(fieldId);
      if (!field || !fillable(field, participant.id)) {
        notAllowed.push(fieldId);
        continue;
      }
      const why = checkValue(field, value);
      if (why) badValues.push({ fieldId, why });
    }
    if (notAllowed.length) {
      throw new DomainError(
        'field_not_allowed',
        `not your field to fill (signature, initials, date signed and other signers' fields are not): ${notAllowed.join(', ')}`,
        { fieldIds: notAllowed },
      );
    }
    if (badValues.length) {
      throw new DomainError(
        'invalid_field_value',
        badValues.map((b) => `${b.fieldId}: ${b.why}`).join('; '),
        {
          fieldIds: badValues.map((b) => b.fieldId),
        },
      );
    }

    const now = ctx.clock.now();
    // Only automatic fields (date signed) take the signing date: a "move-in date" left empty stays empty.
    const defaults: Partial<Record<SessionField['type'], string>> = {
      name: participant.name,
      email: participant.email,
    };
    const writes = new Map<string, string>();
    const missing: string[] = [];
    for (const field of fields) {
      if (!fillable(field, participant.id)) continue;
      let value = given.get(field.fieldId) ?? field.value;
      if (isEmpty(value) && defaults[field.type] !== undefined) value = defaults[field.type]!;
      if (value !== null && value !== field.value) writes.set(field.fieldId, value);
      const filled = field.type === 'checkbox' ? value === 'true' : !isEmpty(value);
      if (field.required && !filled) missing.push(field.fieldId);
    }
    if (input.placed) {
      const placed = new Set(input.placed);
      for (const field of fields) {
        const adopted = field.type === 'signature' || field.type === 'initials';
        if (adopted && field.participantId === participant.id && field.required && !placed.has(field.fieldId))
          missing.push(field.fieldId);
      }
      // Optional signature fields only: one of them at least, or the signature is on no page.
      if (!ownSignatures.some((f) => placed.has(f.fieldId) || f.required))
        missing.push(...ownSignatures.map((f) => f.fieldId));
    }
    if (missing.length) {
      const labels = missing.map((id) => byId.get(id)!.label);
      throw new DomainError(
        'fields_missing',
        `required fields are empty: ${[...new Set(labels)].join(', ')}`,
        { fieldIds: missing },
      );
    }

    const initials = adoptedInitials ?? { kind: 'typed' as const, value: initialsOf(participant.name) };
    for (const [fieldId, value] of writes) {
      await ctx.db
        .insert(fieldValues)
        .values({ sessionId: session.id, fieldId, value, participantId: participant.id, updatedAt: now })
        .onConflictDoUpdate({
          target: [fieldValues.sessionId, fieldValues.fieldId],
          set: { value, participantId: participant.id, updatedAt: now },
        });
    }
    const { ip = null, userAgent = null } = request.origin;
    await ctx.db
      .update(participants)
      .set({
        status: 'signed',
        signedAt: now,
        signature,
        initials,
        signedIp: ip,
        signedUserAgent: userAgent,
      })
      .where(eq(participants.id, participant.id));
    const eventHash = await audit(ctx, {
      sessionId: session.id,
      participantId: participant.id,
      type: 'participant.signed',
      origin: request.origin,
      data: {
        signature: signature.kind,
        initials: initials.kind,
        values: writes.size,
        ...(input.placed ? { placed: new Set(input.placed).size } : {}),
      },
    });
    await queueSigningReceipt(ctx, session, participant, now, eventHash);
    await dropDraft(ctx, participant.id);
    const { allSigned } = await afterParticipantSigned(ctx, session.id, participant.id);
    return { sessionId: session.id, signedAt: now, allSigned };
  });
  ctx.outbox.kick();
  return result;
}
