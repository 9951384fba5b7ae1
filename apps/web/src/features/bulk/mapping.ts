import type { TemplateDetail } from '@countersign/schemas';
import { prefillFields } from '../sending/send-form.ts';

/**
 * What a column of the spreadsheet can fill: a role's name or email, or a field the sender prefills (by its
 * label, as `signingRequests[].fields` takes it).
 */
export type Target =
  | { key: string; kind: 'name' | 'email'; role: string; label: string }
  | { key: string; kind: 'field'; field: string; required: boolean; label: string };

export function targetsOf(template: Pick<TemplateDetail, 'roles' | 'fields'>): Target[] {
  const people = template.roles.flatMap((role): Target[] => [
    { key: `name:${role}`, kind: 'name', role, label: `${role}: name` },
    { key: `email:${role}`, kind: 'email', role, label: `${role}: email` },
  ]);
  const fields = prefillFields(template).map(
    (f): Target => ({
      key: `field:${f.label}`,
      kind: 'field',
      field: f.label,
      required: f.required && f.role === null,
      label: f.role === null ? f.label : `${f.label} (${f.role})`,
    }),
  );
  return [...people, ...fields];
}

/** Target key -> column index, or null: not in the file. */
export type Mapping = Record<string, number | null>;

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Columns matched to targets by header, as a person would: "Client name", "client_name" and "CLIENT NAME" all fill
 * the Client's name; with one role, "Name" and "Email" do too; a field by its label. Each column fills one target.
 */
export function autoMap(headers: string[], targets: Target[]): Mapping {
  const onlyRole =
    new Set(targets.filter((t) => t.kind !== 'field').map((t) => (t as { role: string }).role)).size === 1;
  const taken = new Set<number>();
  const mapping: Mapping = {};
  const find = (...names: string[]) => {
    const wanted = names.map(squash);
    const index = headers.findIndex((h, i) => !taken.has(i) && wanted.includes(squash(h)));
    return index === -1 ? null : index;
  };
  for (const t of targets) {
    const names =
      t.kind === 'field'
        ? [t.field]
        : t.kind === 'name'
          ? [`${t.role} name`, `${t.role}`, ...(onlyRole ? ['name', 'full name'] : [])]
          : [
              `${t.role} email`,
              `${t.role} e-mail`,
              ...(onlyRole ? ['email', 'e-mail', 'email address'] : []),
            ];
    const column = find(...names);
    if (column !== null) taken.add(column);
    mapping[t.key] = column;
  }
  return mapping;
}
