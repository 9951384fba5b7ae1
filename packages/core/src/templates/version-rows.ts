import { templateFields, templateRoles } from '@countersign/db';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import { placeOf } from '../support/place.ts';
import type { PlacedField } from './field-rules.ts';

/** One version of a template's roles (in signing order, with their colours) and fields. */
export interface TemplateVersionRows {
  templateId: string;
  version: number;
  /** The version's document ids, by document index. */
  documentIds: string[];
  roles: string[];
  colors: (string | null)[];
  fields: PlacedField[];
}

/**
 * Writes the roles and fields of one template version, in the caller's transaction: a new template's first
 * version and every save's next one (older versions' rows stay for the sessions sent from them).
 */
export async function insertRolesAndFields(db: Pick<ServiceContext['db'], 'insert'>, v: TemplateVersionRows) {
  const { templateId, version } = v;
  const roleRows = v.roles.map((label, position) => ({
    id: newId(),
    templateId,
    position,
    label,
    color: v.colors[position],
    version,
  }));
  if (roleRows.length > 0) await db.insert(templateRoles).values(roleRows);
  const roleIds = new Map(roleRows.map((r) => [r.label, r.id]));
  if (v.fields.length === 0) return;
  await db.insert(templateFields).values(
    v.fields.map((f) => ({
      id: newId(),
      templateId,
      documentId: v.documentIds[f.documentIndex]!,
      roleId: f.role === null ? null : roleIds.get(f.role)!,
      label: f.label,
      sendLabel: f.sendLabel,
      type: f.type,
      ...placeOf(f),
      required: f.required,
      position: f.position,
      version,
    })),
  );
}
