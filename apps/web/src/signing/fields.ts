import type { AdoptedSignature, SigningField } from '@countersign/schemas';
import { numbers, t } from './i18n.ts';
import { view, work } from './state.ts';

// The signer's fields: which are theirs to fill, in which order, and whether they are done.

export const isAdopted = (f: SigningField): boolean => f.type === 'signature' || f.type === 'initials';
export const isFillable = (f: SigningField): boolean => f.mine && !f.readOnly;

/**
 * The signer's fields in reading order (document, page, top, left): what "Next field" walks through, optional
 * and date fields included (automatic ones are filled for them, so there is nothing to visit).
 */
export function fillOrder(): SigningField[] {
  const v = view();
  const docIndex = new Map(v.documents.map((d, i) => [d.id, i]));
  return v.fields
    .filter((f) => f.mine && !f.automatic && (isFillable(f) || (isAdopted(f) && v.yourTurn)))
    .sort(
      (a, b) =>
        (docIndex.get(a.documentId) ?? 0) - (docIndex.get(b.documentId) ?? 0) ||
        a.page - b.page ||
        a.rect.y - b.rect.y ||
        a.rect.x - b.rect.x,
    );
}

/** The selected field, if any. */
export const currentField = (): SigningField | undefined =>
  work.current === null ? undefined : fillOrder()[work.current];

/** Prefill, then the signer's saved draft; name and email start as theirs. Dates never start as "today". */
export function initValues(): void {
  const v = view();
  work.values.clear();
  work.placed.clear();
  const defaults: Partial<Record<string, string>> = { name: v.participant.name, email: v.participant.email };
  for (const f of v.fields) {
    if (!isFillable(f) || isAdopted(f)) continue;
    work.values.set(f.id, f.value ?? defaults[f.type] ?? (f.type === 'checkbox' ? 'false' : ''));
  }
  const draft = v.draft;
  if (!draft) return;
  for (const { fieldId, value } of draft.values)
    if (work.values.has(fieldId)) work.values.set(fieldId, value);
  work.signature = draft.signature;
  work.initials = draft.initials;
  for (const id of draft.initialed) work.placed.add(id);
}

export const adoptedFor = (f: SigningField): AdoptedSignature | null =>
  f.type === 'signature' ? work.signature : work.initials;

export function isFilled(f: SigningField): boolean {
  if (isAdopted(f)) return work.placed.has(f.id) && adoptedFor(f) !== null;
  const value = work.values.get(f.id) ?? '';
  return f.type === 'checkbox' ? value === 'true' : value.trim() !== '';
}

export const missing = (): SigningField[] => fillOrder().filter((f) => f.required && !isFilled(f));

export const kindOf = (f: SigningField): string => t(`field.${f.type}`);

/** What a screen reader adds after the visible text of a field button: kind, page and state. */
export function describe(f: SigningField): string {
  const status = isFilled(f) ? t('field.done') : f.required ? t('field.required') : t('field.optional');
  return t('field.describe', { kind: kindOf(f), page: numbers.format(f.page), status });
}

/** The values, signature, initials and placed fields as the draft and the sign request carry them. */
export function entries() {
  const mine = new Set(fillOrder().map((f) => f.id));
  return {
    values: [...work.values].map(([fieldId, value]) => ({ fieldId, value })),
    placed: [...work.placed].filter((id) => mine.has(id)),
  };
}
