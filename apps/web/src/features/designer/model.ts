import type { Locale } from '@countersign/schemas';
import { defaultRoleColor, ROLE_COLOR_DEFAULTS } from '@countersign/schemas/role-colors';

/** The designer's working copy of a template: what the member edits, autosaved as one versioned whole. */

export const FIELD_TYPES = ['signature', 'initials', 'text', 'date', 'checkbox', 'name', 'email'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  signature: 'Signature',
  initials: 'Initials',
  text: 'Text',
  date: 'Date',
  checkbox: 'Checkbox',
  name: 'Name',
  email: 'Email',
};

/** Size of a new field, in points: a signature is a line wide, a checkbox a box. */
export const DEFAULT_SIZES: Record<FieldType, { width: number; height: number }> = {
  signature: { width: 180, height: 40 },
  initials: { width: 60, height: 36 },
  text: { width: 160, height: 20 },
  date: { width: 100, height: 20 },
  checkbox: { width: 14, height: 14 },
  name: { width: 160, height: 20 },
  email: { width: 180, height: 20 },
};

/** Fields no smaller than this (points), so a box stays visible and grabbable. */
export const MIN_SIZE = 8;

/** A new role's colour: the first default no other role has (the defaults are listed in the schemas package). */
export function nextRoleColor(roles: Role[]): string {
  const taken = new Set(roles.map((r) => r.color));
  return ROLE_COLOR_DEFAULTS.find((c) => !taken.has(c)) ?? defaultRoleColor(roles.length);
}

export interface Role {
  name: string;
  /** #rrggbb, saved with the template (`roleColors`). */
  color: string;
}

export interface Field {
  /** Client-side identity for selection and React keys; the server addresses fields by position. */
  id: string;
  label: string;
  type: FieldType;
  /** Null: filled by the sender (a prefill), read-only for signers. */
  role: string | null;
  required: boolean;
  /** Index of the template document the field is on. */
  document: number;
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the field came from when the template was created (AcroForm, text tag, placed by hand). */
  source: 'manifest' | 'acroform' | 'tag' | 'designer';
}

export interface Draft {
  name: string;
  /** Language of the template's signing pages and emails when a send names none; null: the account's. */
  defaultLocale: Locale | null;
  roles: Role[];
  fields: Field[];
}

export interface PageSize {
  width: number;
  height: number;
}

export interface DocumentLayout {
  filename: string;
  pageSizes: PageSize[];
}

let counter = 0;
export const newFieldId = () => `f${Date.now().toString(36)}${(counter++).toString(36)}`;

export const roleColor = (roles: Role[], name: string | null) =>
  roles.find((r) => r.name === name)?.color ?? '#57606a';

/** The label the designer gives a new field: "Tenant signature", "Text". */
const labelBase = (type: FieldType, role: string | null) =>
  role && (type === 'signature' || type === 'initials') ? `${role} ${type}` : FIELD_TYPE_LABELS[type];

/** The next free label for a type: "Signature", "Signature 2", ... (duplicates are a validation error). */
export function nextLabel(fields: Field[], type: FieldType, role: string | null): string {
  const base = labelBase(type, role);
  const taken = new Set(fields.map((f) => f.label.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

export function createField(
  draft: Draft,
  type: FieldType,
  at: { document: number; page: number; x: number; y: number },
  page: PageSize,
): Field {
  const size = DEFAULT_SIZES[type];
  // Signatures and initials need a signer; other types start with the first role too (sender-filled is a choice).
  const role = draft.roles[0]?.name ?? null;
  return {
    id: newFieldId(),
    label: nextLabel(draft.fields, type, role),
    type,
    role,
    required: role !== null,
    document: at.document,
    page: at.page,
    x: clamp(at.x, 0, Math.max(0, page.width - size.width)),
    y: clamp(at.y, 0, Math.max(0, page.height - size.height)),
    ...size,
    source: 'designer',
  };
}

export const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** Points are kept to two decimals: what a manifest would hold, and no float noise in diffs. */
export const round = (v: number) => Math.round(v * 100) / 100;

/**
 * A field with the inspector's change. A label the designer made for the old role follows a new role ("Bea
 * signature 2" given to Sam becomes "Sam signature"); a label the member typed stays.
 */
export function patchField(fields: Field[], f: Field, patch: Partial<Field>): Field {
  const next = { ...f, ...patch };
  if (patch.role === undefined || patch.role === f.role || patch.label !== undefined) return next;
  const base = labelBase(f.type, f.role).toLowerCase();
  // A label that does not name the role ("Text 2") has nothing to follow.
  if (labelBase(next.type, next.role).toLowerCase() === base) return next;
  const label = f.label.toLowerCase();
  const made = label === base || (label.startsWith(`${base} `) && /^\d+$/.test(label.slice(base.length + 1)));
  if (!made) return next;
  return {
    ...next,
    label: nextLabel(
      fields.filter((o) => o.id !== f.id),
      next.type,
      next.role,
    ),
  };
}
