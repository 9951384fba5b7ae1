import type { FieldTextCheck, FieldTextItem, FieldTextProblem } from '@countersign/pdf-engine';
import type { AdoptedSignature } from '@countersign/schemas';
import type { ServiceContext } from '../context.ts';
import { type SessionField, sessionFields } from '../sessions/fields.ts';
import { DomainError } from '../support/errors.ts';
import { checkAdopted, initialsOf } from './adopted.ts';
import { openLink } from './link.ts';
import { fillable } from './sign.ts';
import { requireVerified } from './verification.ts';
import type { SignerRequest } from './view.ts';

/** How one field would take the text a signer entered: the size and lines it is stamped at, or why not. */
export interface FieldFit {
  fieldId: string;
  ok: boolean;
  size?: number;
  lines?: number;
  problem?: FieldTextProblem;
}

export interface SignerText {
  /** Values by field id (only the signer's fillable fields are looked at). */
  values: Map<string, string>;
  signature?: AdoptedSignature;
  initials?: AdoptedSignature;
}

const TEXT_TYPES = new Set<SessionField['type']>(['text', 'date', 'name', 'email']);

/**
 * The completion layout, run on what a signer enters (`packages/pdf-engine` text/field-text.ts, in
 * the PDF worker): each of the signer's fields that would show `text`, checked in its own box.
 * Automatic fields (date signed, a name filled at completion) are the service's and not checked.
 */
export async function fitSignerText(
  ctx: ServiceContext,
  participantId: string,
  fields: readonly SessionField[],
  text: SignerText,
): Promise<FieldFit[]> {
  const items: { fieldId: string; item: FieldTextItem }[] = [];
  for (const field of fields) {
    if (field.participantId !== participantId || field.automatic) continue;
    const box = { width: field.width, height: field.height };
    const adopted =
      field.type === 'signature' ? text.signature : field.type === 'initials' ? text.initials : undefined;
    if (adopted) {
      if (adopted.kind === 'typed')
        items.push({
          fieldId: field.fieldId,
          item: { kind: field.type as 'signature', value: adopted.value, ...box },
        });
      continue;
    }
    const value = text.values.get(field.fieldId);
    if (TEXT_TYPES.has(field.type) && value !== undefined && value.trim() !== '') {
      items.push({ fieldId: field.fieldId, item: { kind: 'text', value, ...box } });
    }
  }
  if (items.length === 0) return [];
  const checks: FieldTextCheck[] = await ctx.pdf.checkFieldTexts(items.map((i) => i.item));
  return items.map(({ fieldId }, i) => ({ fieldId, ...checks[i]! }));
}

/**
 * Refuses (400) a signing whose text cannot be stamped as entered, naming each field and why, so
 * completion never meets such text: `invalid_signature` for a typed signature or initials,
 * `invalid_field_value` for values.
 */
export async function requireFittingText(
  ctx: ServiceContext,
  participant: { id: string; name: string },
  fields: readonly SessionField[],
  text: SignerText,
): Promise<void> {
  const initials = text.initials ?? { kind: 'typed' as const, value: initialsOf(participant.name) };
  const fits = await fitSignerText(ctx, participant.id, fields, { ...text, initials });
  const failed = fits.filter((f) => !f.ok);
  if (failed.length === 0) return;
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const adopted = failed.some((f) => ['signature', 'initials'].includes(byId.get(f.fieldId)!.type));
  const message = failed
    .map((f) => `${f.fieldId} (${byId.get(f.fieldId)!.label}): ${f.problem!.message}`)
    .join('; ');
  throw new DomainError(adopted ? 'invalid_signature' : 'invalid_field_value', message, {
    fieldIds: failed.map((f) => f.fieldId),
  });
}

/**
 * What the signer's fields would show: given values (or the prefilled ones), and for name and
 * email fields left empty the signer's own, as signing fills them.
 */
export function valuesToStamp(
  fields: readonly SessionField[],
  participant: { id: string; name: string; email: string },
  given: readonly { fieldId: string; value: string }[],
): Map<string, string> {
  const byField = new Map(given.map((v) => [v.fieldId, v.value]));
  const values = new Map<string, string>();
  for (const field of fields) {
    if (field.participantId !== participant.id || field.automatic) continue;
    let value = byField.get(field.fieldId) ?? field.value ?? '';
    if (value.trim() === '' && field.type === 'name') value = participant.name;
    if (value.trim() === '' && field.type === 'email') value = participant.email;
    if (value.trim() !== '') values.set(field.fieldId, value);
  }
  return values;
}

export interface TextCheckInput {
  values: { fieldId: string; value: string }[];
  signature?: AdoptedSignature;
  initials?: AdoptedSignature;
}

/**
 * POST /api/signing/{token}/text-check: how the signer's entries would be stamped, field by field,
 * while they type (the sign call refuses what this reports as not ok). Only the signer's own fields.
 */
export async function checkSignerText(
  ctx: ServiceContext,
  token: string,
  input: TextCheckInput,
  request: SignerRequest,
): Promise<FieldFit[]> {
  const link = await openLink(ctx, token);
  await requireVerified(ctx, link, request.cookieToken);
  const fields = await sessionFields(ctx, link.session.id);
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const notAllowed = input.values
    .map((v) => v.fieldId)
    .filter((id) => {
      const field = byId.get(id);
      return !field || !fillable(field, link.participant.id);
    });
  if (notAllowed.length > 0) {
    throw new DomainError('field_not_allowed', `not your field to fill: ${notAllowed.join(', ')}`, {
      fieldIds: notAllowed,
    });
  }
  return fitSignerText(ctx, link.participant.id, fields, {
    values: new Map(input.values.map((v) => [v.fieldId, v.value])),
    ...(input.signature ? { signature: checkAdopted('signature', input.signature) } : {}),
    ...(input.initials ? { initials: checkAdopted('initials', input.initials) } : {}),
  });
}
