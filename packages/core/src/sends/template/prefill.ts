import type { TemplateField } from '@countersign/schemas';
import { isPrefillable } from '@countersign/schemas/field-types';
import type { LoadedTemplate, TemplateFieldRow } from '../../templates/load.ts';
import type { RowProblem } from '../entry-rules.ts';

/**
 * Resolves an entry's `fields[]` to template fields (spec part 2): `label` matches the field's send label
 * exactly (`Name`, `Name 2`, ... in template order), `document` restricts to one file, `recipient` to the
 * fields of one role (case-insensitive, like role labels). Checkboxes take "true" or "false" only.
 */
export function resolvePrefill(
  template: LoadedTemplate,
  fields: TemplateField[] | undefined,
): { values: { fieldId: string; value: string }[] } | RowProblem {
  if (!fields?.length) return { values: [] };
  const docByName = new Map(template.documents.map((d) => [d.filename, d.id]));
  const roleByLabel = new Map(template.roles.map((r) => [r.label.toLowerCase(), r.id]));
  const values: { fieldId: string; value: string }[] = [];
  for (const [i, f] of fields.entries()) {
    let scope: TemplateFieldRow[] = template.fields;
    if (f.document !== undefined) {
      const documentId = docByName.get(f.document);
      if (!documentId)
        return problem('unknown_document', i, `no document named "${f.document}" in this template`);
      scope = scope.filter((t) => t.documentId === documentId);
    }
    if (f.recipient !== undefined) {
      const roleId = roleByLabel.get(f.recipient.toLowerCase());
      if (!roleId) return problem('unknown_recipient_label', i, `no role "${f.recipient}" in this template`);
      scope = scope.filter((t) => t.roleId === roleId);
    }
    // Labels are numbered within the scope the entry names: with `document: "b.pdf"`, "Fee" is the first Fee
    // of b.pdf, "Fee 2" its second (without a restriction that is the template-wide numbering). A label that
    // only exists in the template-wide numbering ("Rent 5" of the whole template) still matches inside its scope.
    const scoped = numberedWithin(scope)
      .filter((t) => t.label === f.label)
      .map((t) => t.field);
    const candidates = scoped.length > 0 ? scoped : scope.filter((t) => t.sendLabel === f.label);
    const field = candidates[0];
    if (!field) {
      return problem(
        'unknown_field_label',
        i,
        `no field labelled "${f.label}"${scopeOf(f)} in this template`,
      );
    }
    if (!isPrefillable(field.type)) {
      return problem(
        'invalid_field_value',
        i,
        `"${f.label}" is a ${field.type} field; only its signer can fill it`,
      );
    }
    if (field.type === 'checkbox' && f.value !== 'true' && f.value !== 'false') {
      return problem('invalid_field_value', i, `"${f.label}" is a checkbox: value must be "true" or "false"`);
    }
    values.push({ fieldId: field.id, value: f.value });
  }
  return { values };
}

/** Send labels (`label`, `label 2`, ...) counted within `fields`, which are in template order. */
function numberedWithin(fields: TemplateFieldRow[]): { label: string; field: TemplateFieldRow }[] {
  const seen = new Map<string, number>();
  return fields.map((field) => {
    const n = (seen.get(field.label) ?? 0) + 1;
    seen.set(field.label, n);
    return { label: n === 1 ? field.label : `${field.label} ${n}`, field };
  });
}

const scopeOf = (f: TemplateField) =>
  [
    f.document !== undefined ? ` in "${f.document}"` : '',
    f.recipient !== undefined ? ` for role "${f.recipient}"` : '',
  ].join('');

const problem = (error: string, index: number, message: string): RowProblem => ({
  error,
  message: `fields[${index}]: ${message}`,
});
