import { templateDocuments, templateFields, templateRoles, templates } from '@countersign/db';
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
export function updateTemplate(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
  input: TemplateUpdateRequest,
): TemplateDetail {
  const t = loadTemplate(ctx, accountId, templateId);
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
    .map((f, i) => manifestField(f, i, documents, roleByKey, problems))
    .filter((f): f is DraftField => f !== null);
  const fields = placeFields(drafts, problems);
  checkTotals(roles, fields.length, problems);
  problems.throwIfAny();

  const next = t.template.version + 1;
  ctx.db.transaction(
    (tx) => {
      // The version check again, in the write: two saves based on the same version cannot both pass.
      const bumped = tx
        .update(templates)
        .set({
          version: next,
          name,
          updatedAt: ctx.clock.now(),
          ...(input.defaultLocale !== undefined ? { defaultLocale: input.defaultLocale } : {}),
        })
        .where(
          and(
            eq(templates.id, templateId),
            eq(templates.version, input.version),
            isNull(templates.deletedAt),
          ),
        )
        .run();
      if (bumped.changes === 0) {
        const now = tx
          .select({ v: templates.version })
          .from(templates)
          .where(eq(templates.id, templateId))
          .get();
        throw conflict(now?.v ?? next);
      }
      const documentIds = t.documents.map((d) => {
        const id = newId();
        tx.insert(templateDocuments)
          .values({ ...d, id, version: next })
          .run();
        return id;
      });
      const roleIds = new Map<string, string>();
      roles.forEach((label, position) => {
        const id = newId();
        roleIds.set(label, id);
        tx.insert(templateRoles)
          .values({ id, templateId, position, label, color: colors[position], version: next })
          .run();
      });
      if (fields.length > 0) {
        tx.insert(templateFields)
          .values(
            fields.map((f) => ({
              id: newId(),
              templateId,
              documentId: documentIds[f.documentIndex]!,
              roleId: f.role === null ? null : roleIds.get(f.role)!,
              label: f.label,
              sendLabel: f.sendLabel,
              type: f.type,
              page: f.page,
              x: f.x,
              y: f.y,
              width: f.width,
              height: f.height,
              required: f.required,
              position: f.position,
              version: next,
            })),
          )
          .run();
      }
    },
    { behavior: 'immediate' },
  );
  return getTemplateDetail(ctx, accountId, templateId);
}

/** Deletes a template for the account (404 afterwards); its rows stay for the sessions sent from it. */
export function deleteTemplate(ctx: ServiceContext, accountId: string, templateId: string): void {
  loadTemplate(ctx, accountId, templateId);
  ctx.db
    .update(templates)
    .set({ deletedAt: ctx.clock.now() })
    .where(and(eq(templates.id, templateId), eq(templates.accountId, accountId)))
    .run();
}

/** The prepared PDF (what signers see) of the template's document at `index` (0-based), for the designer. */
export function templateDocumentFile(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
  index: number,
) {
  const doc = loadTemplate(ctx, accountId, templateId).documents[index];
  if (!doc) throw new DomainError('not_found', `template ${templateId} has no document ${index}`);
  return { sha256: doc.preparedSha256, filename: doc.filename };
}
