import type { DetectedField } from '@countersign/pdf-engine';
import {
  type ManifestField,
  TEMPLATE_FIELDS_MAX,
  TEMPLATE_ROLES_MAX,
  type TemplateFieldType,
  templateFieldTypes,
} from '@countersign/schemas';
import {
  fieldName,
  fieldReasons,
  type PageSize,
  placementReason,
  problemsText,
} from '@countersign/schemas/template-readiness';
import { DomainError } from '../support/errors.ts';

/**
 * The rules every template field obeys, wherever it came from (manifest, form field, text tag), and the
 * send label each gets. Problems are collected and reported together, each naming its field.
 */

export type { PageSize };

export interface TemplateDocumentFacts {
  filename: string;
  pageSizes: PageSize[];
}

export interface DraftField {
  label: string;
  type: TemplateFieldType;
  documentIndex: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Canonical role label (as the template's role list spells it), or null for sender-filled fields. */
  role: string | null;
  required: boolean;
  source: 'manifest' | 'acroform' | 'tag';
}

export interface PlacedField extends DraftField {
  sendLabel: string;
  position: number;
}

const SIGNER_ONLY: ReadonlySet<TemplateFieldType> = new Set(['signature', 'initials']);

export class Problems {
  private readonly list: string[] = [];
  add(message: string): void {
    this.list.push(message);
  }
  get count(): number {
    return this.list.length;
  }
  /** Throws template_invalid naming every problem (the first few, when there are many). */
  throwIfAny(): void {
    if (this.list.length > 0) throw new DomainError('template_invalid', problemsText(this.list));
  }
}

/** Roles as given: trimmed, non-empty, distinct ignoring case. */
export function checkRoles(roles: string[], problems: Problems): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const [i, raw] of roles.entries()) {
    const role = raw.trim();
    const first = seen.get(role.toLowerCase());
    if (role === '') problems.add(`roles[${i}]: must not be empty`);
    else if (first !== undefined) {
      problems.add(`roles[${i}]: "${role}" repeats roles[${first}] (roles are matched ignoring case)`);
    } else {
      seen.set(role.toLowerCase(), i);
      out.push(role);
    }
  }
  return out;
}

/** Document file names: non-empty and distinct (sends and fields address documents by file name). */
export function checkFilenames(filenames: string[], problems: Problems): void {
  const seen = new Map<string, number>();
  for (const [i, name] of filenames.entries()) {
    const first = seen.get(name);
    if (name.trim() === '') problems.add(`documents[${i}]: the file name must not be empty`);
    else if (first !== undefined)
      problems.add(`documents[${i}]: "${name}" has the same file name as documents[${first}]`);
    else seen.set(name, i);
  }
}

/** Adds roles named by detected fields that the list lacks, in order of first appearance. */
export function addDetectedRoles(roles: string[], detected: DetectedField[][]): string[] {
  const out = [...roles];
  const known = new Set(roles.map((r) => r.toLowerCase()));
  for (const field of detected.flat()) {
    if (field.role === null) continue;
    const role = field.role.trim();
    if (role === '' || known.has(role.toLowerCase())) continue;
    known.add(role.toLowerCase());
    out.push(role);
  }
  return out;
}

/**
 * A manifest field (or a designer's saved field) checked against the documents and roles; null when it has
 * problems. The rules are the designer's (`fieldReasons`); messages name the field by label and role.
 */
export function manifestField(
  field: ManifestField,
  documents: TemplateDocumentFacts[],
  roleByKey: Map<string, string>,
  problems: Problems,
): DraftField | null {
  const before = problems.count;
  const label = field.label.trim();
  // The canonical spelling of a known role; an unknown one as given, for fieldReasons to name.
  const role =
    field.role === undefined ? null : (roleByKey.get(field.role.trim().toLowerCase()) ?? field.role);
  const name = fieldName({ label, type: field.type, role, page: field.page });
  if (!(templateFieldTypes as readonly string[]).includes(field.type)) {
    problems.add(`${name} has type "${field.type}", which is not one of ${templateFieldTypes.join(', ')}`);
  }
  const documentIndex = documents.findIndex((d) => d.filename === field.document);
  const document = documents[documentIndex];
  if (!document) {
    problems.add(
      `${name} is on "${field.document}", which is not one of the template's documents (${documents.map((d) => d.filename).join(', ')})`,
    );
  }
  const reasons = fieldReasons({ ...field, label, role }, document?.pageSizes ?? null, [
    ...roleByKey.values(),
  ]);
  for (const reason of reasons) problems.add(`${name} ${reason}`);
  if (problems.count > before) return null;
  return draftField(
    { ...field, label, type: field.type as TemplateFieldType, source: 'manifest' },
    documentIndex,
    role,
  );
}

/** A checked field as the draft keeps it: required unless it says otherwise when a signer fills it. */
const draftField = (
  field: Omit<DraftField, 'documentIndex' | 'role' | 'required'> & { required?: boolean | null },
  documentIndex: number,
  role: string | null,
): DraftField => ({
  label: field.label,
  type: field.type,
  documentIndex,
  page: field.page,
  x: field.x,
  y: field.y,
  width: field.width,
  height: field.height,
  role,
  required: field.required ?? role !== null,
  source: field.source,
});

/** A field found in a PDF, checked like a manifest field; its messages say where it was found. */
export function detectedField(
  field: DetectedField,
  documentIndex: number,
  documents: TemplateDocumentFacts[],
  roleByKey: Map<string, string>,
  problems: Problems,
): DraftField | null {
  const document = documents[documentIndex]!;
  const what = field.source === 'tag' ? `text tag ${field.origin}` : `form field "${field.origin}"`;
  const at = `${document.filename} page ${field.page}, ${what}`;
  const before = problems.count;
  const placement = placementReason(field, document.pageSizes);
  if (placement) problems.add(`${at}: the field ${placement}`);
  const role = field.role === null ? null : (roleByKey.get(field.role.trim().toLowerCase()) ?? null);
  if (role === null && SIGNER_ONLY.has(field.type)) {
    problems.add(
      field.source === 'tag'
        ? `${at}: a ${field.type} field needs a role (add role=<Role> to the tag)`
        : `${at}: a signature field needs a role (name the form field "<Role>:${field.label}")`,
    );
  }
  if (problems.count > before) return null;
  return draftField(field, documentIndex, role);
}

/**
 * A form field that the manifest also places at the same spot is one field, not two: the manifest's
 * version is kept (it may set a role or type the PDF cannot express).
 */
export function withoutDuplicates(manifest: DraftField[], detected: DraftField[]): DraftField[] {
  const same = (a: DraftField, b: DraftField) =>
    a.documentIndex === b.documentIndex &&
    a.page === b.page &&
    a.label === b.label &&
    Math.abs(a.x - b.x) <= 1 &&
    Math.abs(a.y - b.y) <= 1 &&
    Math.abs(a.width - b.width) <= 1 &&
    Math.abs(a.height - b.height) <= 1;
  return [...manifest, ...detected.filter((d) => !manifest.some((m) => same(m, d)))];
}

/**
 * Template order (document, page, top-to-bottom, left-to-right; ties keep input order) and send labels:
 * the first field with a label keeps it, the second is `<label> 2`, the third `<label> 3` (spec part 2).
 * Two fields may not end up with the same send label (`Name` twice plus a field literally called `Name 2`).
 */
export function placeFields(fields: DraftField[], problems: Problems): PlacedField[] {
  const ordered = fields
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        a.f.documentIndex - b.f.documentIndex ||
        a.f.page - b.f.page ||
        a.f.y - b.f.y ||
        a.f.x - b.f.x ||
        a.i - b.i,
    )
    .map(({ f }) => f);
  const counts = new Map<string, number>();
  const owners = new Map<string, PlacedField>();
  const placed = ordered.map((f, position) => {
    const n = (counts.get(f.label) ?? 0) + 1;
    counts.set(f.label, n);
    const field: PlacedField = { ...f, sendLabel: n === 1 ? f.label : `${f.label} ${n}`, position };
    const clash = owners.get(field.sendLabel);
    if (clash) {
      const [repeat, literal] = field.label !== field.sendLabel ? [field, clash] : [clash, field];
      problems.add(
        `"${field.sendLabel}" would address both the repeat of "${repeat.label}" and the field labelled ` +
          `"${literal.label}": rename one of them`,
      );
    }
    owners.set(field.sendLabel, field);
    return field;
  });
  return placed;
}

/** Limits that keep every template sendable in one entry (all roles as recipients, all prefills listed). */
export function checkTotals(roles: string[], fieldCount: number, problems: Problems): void {
  if (roles.length === 0) {
    problems.add(
      'a template needs at least one role: list roles in the manifest, or name them in tags (role=...) or form fields (Role:Label)',
    );
  }
  if (roles.length > TEMPLATE_ROLES_MAX)
    problems.add(`a template has at most ${TEMPLATE_ROLES_MAX} roles, this one ${roles.length}`);
  if (fieldCount > TEMPLATE_FIELDS_MAX)
    problems.add(`a template has at most ${TEMPLATE_FIELDS_MAX} fields, this one ${fieldCount}`);
}
