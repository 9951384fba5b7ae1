import { templateDocuments, templates, templateTags } from '@countersign/db';
import { TEXT_MAX_LENGTH, type TemplateDetail } from '@countersign/schemas';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { loadTemplate } from './load.ts';
import { getTemplateDetail } from './read.ts';
import { tagRows, tagsOf } from './tags.ts';
import { insertRolesAndFields } from './version-rows.ts';

/** "Lease (copy)": what a copy is called when the caller names it nothing, kept within the name limit. */
export const copyName = (name: string) => `${name.slice(0, TEXT_MAX_LENGTH - ' (copy)'.length)} (copy)`;

/**
 * A new template with the current version of `templateId`: its PDFs (the blobs are shared by content, so
 * nothing is copied but rows), roles with their colours, fields, language and tags, as version 1 of its own. The
 * copy and the original change independently from here; sessions sent from the original stay its own.
 */
export async function duplicateTemplate(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
  options: { name?: string; alsoInTransaction?: (copyId: string, name: string) => Promise<void> } = {},
): Promise<TemplateDetail> {
  const t = await loadTemplate(ctx, accountId, templateId);
  const name = options.name?.trim() || copyName(t.template.name);
  if (name.length > TEXT_MAX_LENGTH) {
    throw new DomainError('invalid_request', `name: at most ${TEXT_MAX_LENGTH} characters`);
  }
  const copyId = newId();
  const documentIndex = new Map(t.documents.map((d, i) => [d.id, i]));
  const roleLabel = new Map(t.roles.map((r) => [r.id, r.label]));
  const tags = (await tagsOf(ctx, accountId, [templateId])).get(templateId) ?? [];
  await ctx.db.transaction(async (tx) => {
    await tx.insert(templates).values({
      id: copyId,
      accountId,
      name,
      createdAt: ctx.clock.now(),
      defaultLocale: t.template.defaultLocale,
    });
    const documentRows = t.documents.map((d) => ({ ...d, id: newId(), templateId: copyId, version: 1 }));
    if (documentRows.length) await tx.insert(templateDocuments).values(documentRows);
    await insertRolesAndFields(tx, {
      templateId: copyId,
      version: 1,
      documentIds: documentRows.map((d) => d.id),
      roles: t.roles.map((r) => r.label),
      colors: t.roles.map((r) => r.color),
      fields: t.fields.map((f) => ({
        ...f,
        documentIndex: documentIndex.get(f.documentId)!,
        role: f.roleId === null ? null : roleLabel.get(f.roleId)!,
        source: 'manifest' as const,
      })),
    });
    const tagCopies = tagRows(accountId, copyId, tags);
    if (tagCopies.length > 0) await tx.insert(templateTags).values(tagCopies);
    await options.alsoInTransaction?.(copyId, name);
  });
  return await getTemplateDetail(ctx, accountId, copyId);
}
