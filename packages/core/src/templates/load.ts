import { templateDocuments, templateFields, templateRoles, templates } from '@countersign/db';
import { and, asc, eq } from 'drizzle-orm';
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

/** A template of this account with everything a send needs, or 404 (another account's does not exist). */
export function loadTemplate(ctx: ServiceContext, accountId: string, templateId: string): LoadedTemplate {
  const template = ctx.db
    .select()
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.accountId, accountId)))
    .get();
  if (!template) throw new DomainError('template_not_found', `template ${templateId} not found`);
  return {
    template,
    documents: ctx.db
      .select()
      .from(templateDocuments)
      .where(eq(templateDocuments.templateId, template.id))
      .orderBy(asc(templateDocuments.position))
      .all(),
    roles: ctx.db
      .select()
      .from(templateRoles)
      .where(eq(templateRoles.templateId, template.id))
      .orderBy(asc(templateRoles.position))
      .all(),
    fields: ctx.db
      .select()
      .from(templateFields)
      .where(eq(templateFields.templateId, template.id))
      .orderBy(asc(templateFields.position))
      .all(),
  };
}
