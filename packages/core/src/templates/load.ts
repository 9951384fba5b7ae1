import { templateDocuments, templateFields, templateRoles, templates } from '@countersign/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';

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
  const template = (
    await ctx.db
      .select()
      .from(templates)
      .where(
        and(eq(templates.id, templateId), eq(templates.accountId, accountId), isNull(templates.deletedAt)),
      )
      .limit(1)
  )[0];
  if (!template) throw new DomainError('template_not_found', `template ${templateId} not found`);
  return {
    template,
    documents: await ctx.db
      .select()
      .from(templateDocuments)
      .where(
        and(eq(templateDocuments.templateId, template.id), eq(templateDocuments.version, template.version)),
      )
      .orderBy(asc(templateDocuments.position)),
    roles: await ctx.db
      .select()
      .from(templateRoles)
      .where(and(eq(templateRoles.templateId, template.id), eq(templateRoles.version, template.version)))
      .orderBy(asc(templateRoles.position)),
    fields: await ctx.db
      .select()
      .from(templateFields)
      .where(and(eq(templateFields.templateId, template.id), eq(templateFields.version, template.version)))
      .orderBy(asc(templateFields.position)),
  };
}
