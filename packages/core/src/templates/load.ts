import { templateDocuments, templateFields, templateRoles, templates } from '@countersign/db';
import { and, asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';
import { rowWhere } from '../support/row-where.ts';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateDocumentRow = typeof templateDocuments.$inferSelect;
export type TemplateRoleRow = typeof templateRoles.$inferSelect;
export type TemplateFieldRow = typeof templateFields.$inferSelect;

export interface LoadedTemplate {
  template: TemplateRow;
  documents: TemplateDocumentRow[];
  roles: TemplateRoleRow[];
  /** In template order: document, page, top-to-bottom, left-to-right. */
  fields: TemplateFieldRow[];
}

/**
 * A template of this account at its current version with everything a send needs, or 404 (another account's,
 * or a deleted one, does not exist).
 */
export async function loadTemplate(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
): Promise<LoadedTemplate> {
  const template = await rowWhere(ctx.db, templates, { id: templateId, accountId, deletedAt: null });
  if (!template) throw new DomainError('template_not_found', `template ${templateId} not found`);
  return {
    template,
    documents: await rowsOfVersion(ctx, templateDocuments, template),
    roles: await rowsOfVersion(ctx, templateRoles, template),
    fields: await rowsOfVersion(ctx, templateFields, template),
  };
}

/** The rows one version of a template is made of (documents, roles, fields), in their order. */
const rowsOfVersion = <T extends typeof templateDocuments | typeof templateRoles | typeof templateFields>(
  ctx: ServiceContext,
  table: T,
  template: TemplateRow,
) =>
  ctx.db
    .select()
    .from(table)
    .where(and(eq(table.templateId, template.id), eq(table.version, template.version)))
    .orderBy(asc(table.position));
