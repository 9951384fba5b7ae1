/**
 * Whether a template can be saved and sent, and what is wrong with it: the designer shows these problems as
 * the member edits, and the API applies the same functions again at save and at send. Pure, no imports, so
 * the web app (`@countersign/schemas/template-readiness`) takes it without zod. Every message names the field
 * by its label and role, never by its position in a list.
 */

export interface PageSize {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A field as both sides know it: its rectangle in points from the top-left of the page as displayed. */
export interface FieldFacts extends Rect {
  label: string;
  type: string;
  /** The role that fills it; null: the sender fills it. */
  role: string | null;
  /** 1-based. */
  page: number;
}

export interface TemplateFacts {
  /** Role names in signing order. */
  roles: readonly string[];
  /** Page sizes of each document, in template order. */
  documents: readonly { pageSizes: readonly PageSize[] }[];
  /** `document` is the index of the field's document in `documents`. */
  fields: readonly (FieldFacts & { document: number })[];
}

export interface TemplateProblem {
  /** A sentence naming the field (label and role) or the role: what the API answers. */
  message: string;
  /** The same without the field's name, for display next to the field. */
  reason: string;
  /** Index in `fields` of the field it is about. */
  field?: number;
  /** The role it is about. */
  role?: string;
}

/** Rounding slack when checking a rectangle against its page (points). */
const EDGE_EPSILON = 0.01;
const SIGNER_ONLY = new Set(['signature', 'initials']);
/** Characters of a label a message quotes. */
const NAME_MAX = 40;
const round = (v: number) => Math.round(v * 100) / 100;

export const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * How messages name a field: `"Buyer signature" (Buyer)`, `"Notes" (filled by the sender)`, or by type and
 * page when it has no label yet.
 * @example fieldName({ label: 'Rent', role: null, ... }) // '"Rent" (filled by the sender)'
 */
export function fieldName(field: Pick<FieldFacts, 'label' | 'type' | 'role' | 'page'>): string {
  const who = field.role ? ` (${field.role})` : ' (filled by the sender)';
  const label = field.label.trim();
  // Enough of a long label to recognise it; a message stays readable.
  const shown = label.length > NAME_MAX ? `${label.slice(0, NAME_MAX)}…` : label;
  return label ? `"${shown}"${who}` : `the unlabelled ${field.type} field on page ${field.page}${who}`;
}

/**
 * A message of the API about a save body with each `fields[i]` path named as the member knows the field.
 * @example namePaths('fields[0].label: must be at most 500 characters', fields)
 * // '"Client signature" (Client), label: must be at most 500 characters'
 */
export function namePaths(message: string, fields: readonly FieldFacts[]): string {
  return message.replace(/fields\[(\d+)\](?:\.(\w+))?/g, (path, index: string, property?: string) => {
    const field = fields[Number(index)];
    if (!field) return path;
    return property ? `${fieldName(field)}, ${property}` : fieldName(field);
  });
}

/**
 * Why one field can be neither saved nor sent, as short reasons ("needs a label"); [] when it is fine.
 * `pageSizes`: those of the field's document; null when there is no such document (the caller says so in its
 * own words, and the page is not checked). `roles`: the template's role names (a field's role must be one of
 * them exactly: match case first where input may differ).
 */
export function fieldReasons(
  field: FieldFacts,
  pageSizes: readonly PageSize[] | null,
  roles: readonly string[],
): string[] {
  const reasons: string[] = [];
  if (!field.label.trim()) reasons.push('needs a label');
  if (SIGNER_ONLY.has(field.type) && !field.role) reasons.push('needs a role (only a signer can sign)');
  if (field.role && !roles.includes(field.role)) {
    reasons.push(
      `has role ${field.role}, which is not one of the template's roles (${roles.join(', ') || 'none'})`,
    );
  }
  const placement = pageSizes ? placementReason(field, pageSizes) : null;
  if (placement) reasons.push(placement);
  return reasons;
}

/** Why a rectangle cannot stand on its page (a page that exists, a size above 0, inside it); null when it can. */
export function placementReason(r: Rect & { page: number }, pageSizes: readonly PageSize[]): string | null {
  const page = Number.isInteger(r.page) ? pageSizes[r.page - 1] : undefined;
  if (!page) {
    const n = pageSizes.length;
    return `is on page ${r.page}, which does not exist (the document has ${n} page${n === 1 ? '' : 's'})`;
  }
  if (![r.x, r.y, r.width, r.height].every(Number.isFinite))
    return 'has a position or size that is not a number';
  // A field of no width or height cannot be seen, tapped or stamped.
  if (r.width <= 0 || r.height <= 0) {
    return `is ${round(r.width)} x ${round(r.height)} points: it needs a width and height above 0`;
  }
  if (
    r.x < 0 ||
    r.y < 0 ||
    r.x + r.width > page.width + EDGE_EPSILON ||
    r.y + r.height > page.height + EDGE_EPSILON
  ) {
    return (
      `is partly off the page (x ${round(r.x)}, y ${round(r.y)}, ${round(r.width)} x ${round(r.height)} ` +
      `on a page of ${round(page.width)} x ${round(page.height)} points)`
    );
  }
  return null;
}

const aboutField = (fields: TemplateFacts['fields'], field: number, reason: string): TemplateProblem => ({
  message: `${fieldName(fields[field]!)} ${reason}`,
  reason,
  field,
});

/**
 * What keeps a template from being sent ([]: it is ready): per field (fieldReasons), per role (each role needs
 * a signature field, or its signer would finish without signing anything), and at least one role.
 */
export function templateProblems(template: TemplateFacts): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const { roles, documents, fields } = template;
  if (roles.length === 0)
    problems.push({ message: 'the template has no role: add one', reason: 'has no role' });
  for (const role of roles) {
    if (!fields.some((f) => f.role === role && f.type === 'signature')) {
      const reason = 'has no signature field';
      problems.push({ message: `${role} ${reason}`, reason, role });
    }
  }
  for (const [i, f] of fields.entries()) {
    const pageSizes = documents[f.document]?.pageSizes ?? null;
    if (!pageSizes) problems.push(aboutField(fields, i, 'is on a document the template does not have'));
    for (const reason of fieldReasons(f, pageSizes, roles)) problems.push(aboutField(fields, i, reason));
  }
  return problems;
}

/**
 * What the designer points out without keeping the template from being sent: fields that overlap, labels
 * repeated ignoring case (a send addresses repeats as `<label> 2`, spec part 2). Quadratic in the fields of a
 * page, so only the designer runs it.
 */
export function templateAdvice({ fields }: Pick<TemplateFacts, 'fields'>): TemplateProblem[] {
  const advice: TemplateProblem[] = [];
  const add = (field: number, reason: string) => advice.push(aboutField(fields, field, reason));
  const byLabel = new Map<string, number[]>();
  for (const [i, f] of fields.entries()) {
    const key = f.label.trim().toLowerCase();
    if (key) byLabel.set(key, [...(byLabel.get(key) ?? []), i]);
  }
  for (const same of byLabel.values()) {
    if (same.length > 1) for (const i of same) add(i, 'has the same label as another field');
  }
  for (let i = 0; i < fields.length; i++) {
    for (let j = i + 1; j < fields.length; j++) {
      const a = fields[i]!;
      const b = fields[j]!;
      if (a.document === b.document && a.page === b.page && intersects(a, b)) {
        add(i, `overlaps ${b.label.trim() || 'another field'}`);
        add(j, `overlaps ${a.label.trim() || 'another field'}`);
      }
    }
  }
  return advice;
}

/** Problems as one message: the first `max`, then how many more (an answer stays short however many). */
export function problemsText(messages: readonly string[], max = 20): string {
  const more = messages.length - max;
  return messages.slice(0, max).join('; ') + (more > 0 ? `; and ${more} more` : '');
}
