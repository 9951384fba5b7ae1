import { templateDocuments, templates, templateTags } from '@countersign/db';
import type { TemplateDetail, TemplateUpdateRequest } from '@countersign/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import {
  checkRoles,
  checkTotals,
  type DraftField,
  manifestField,
  Problems,
  placeFields,
  type TemplateDocumentFacts,
} from './field-rules.ts';
import { loadTemplate } from './load.ts';
import { getTemplateDetail } from './read.ts';
import { roleColorsFor } from './role-colors.ts';
import { insertRolesAndFields } from './version-rows.ts';

const conflict = (current: number) =>
  new DomainError(
    'template_version_conflict',
    `the template was saved by someone else since the version you edited; its current version is ${current}`,
    { currentVersion: current },
  );

/**
 * Saves an edited template as a new version, if `version` is still the current one (otherwise 409 with the
 * current version: a stale save never overwrites). The rows of the old version stay: sessions sent from it
 * read their fields from them, so an edit never changes a session already sent. The same rules as creation
 * check the fields; the PDFs are not touched (their blobs are shared by every version).
 */
export async function updateTemplate(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
  input: TemplateUpdateRequest,
  alsoInTransaction?: (version: number) => Promise<void>,
): Promise<TemplateDetail> {
  const t = await loadTemplate(ctx, accountId, templateId);
  if (t.template.version !== input.version) throw conflict(t.template.version);
  const problems = new Problems();
  const name = input.name.trim();
  if (name === '') problems.add('name: must not be empty');
  const roles = checkRoles(input.roles, problems);
  const colors = roleColorsFor(
    roles,
    input.roleColors,
    problems,
    new Map(t.roles.map((r) => [r.label.toLowerCase(), r.color])),
  );
  const documents: TemplateDocumentFacts[] = t.documents.map((d) => ({
    filename: d.filename,
    pageSizes: d.pageSizes as TemplateDocumentFacts['pageSizes'],
  }));
  const roleByKey = new Map(roles.map((r) => [r.toLowerCase(), r]));
  const drafts = input.fields
    .map((f) => manifestField(f, documents, roleByKey, problems))
    .filter((f): f is DraftField => f !== null);
  const fields = placeFields(drafts, problems);
  checkTotals(roles, fields.length, problems);
  problems.throwIfAny();

  const next = t.template.version + 1;
  await ctx.db.transaction(async (tx) => {
    // The version check again, in the write: two saves based on the same version cannot both pass.
    const bumped = await tx
      .update(templates)
      .set({
        version: next,
        name,
        updatedAt: ctx.clock.now(),
        ...(input.defaultLocale !== undefined ? { defaultLocale: input.defaultLocale } : {}),
      })
      .where(
        and(eq(templates.id, templateId), eq(templates.version, input.version), isNull(templates.deletedAt)),
      )
      .returning({ id: templates.id });
    if (bumped.length === 0) {
      const now = (
        await tx.select({ v: templates.version }).from(templates).where(eq(templates.id, templateId)).limit(1)
      )[0];
      throw conflict(now?.v ?? next);
    }
    const documentRows = t.documents.map((d) => ({ ...d, id: newId(), version: next }));
    if (documentRows.length) await tx.insert(templateDocuments).values(documentRows);
    const documentIds = documentRows.map((d) => d.id);
    await insertRolesAndFields(tx, { templateId, version: next, documentIds, roles, colors, fields });
    await alsoInTransaction?.(next);
  });
  return await getTemplateDetail(ctx, accountId, templateId);
}

/**
 * Deletes a template for the account (404 afterwards); its rows stay for the sessions sent from it, but its
 * tags go (nothing lists or filters a deleted template).
 */
export async function deleteTemplate(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
): Promise<void> {
  await loadTemplate(ctx, accountId, templateId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(templates)
      .set({ deletedAt: ctx.clock.now() })
      .where(and(eq(templates.id, templateId), eq(templates.accountId, accountId)));
    await tx
      .delete(templateTags)
      .where(and(eq(templateTags.templateId, templateId), eq(templateTags.accountId, accountId)));
  });
}

/** The prepared PDF (what signers see) of the template's document at `index` (0-based), for the designer. */
export async function templateDocumentFile(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
  index: number,
) {
  const doc = (await loadTemplate(ctx, accountId, templateId)).documents[index];
  if (!doc) throw new DomainError('not_found', `template ${templateId} has no document ${index}`);
  return { sha256: doc.preparedSha256, filename: doc.filename };
}
