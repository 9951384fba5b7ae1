import { templateDocuments, templateFields, templateRoles, templates, templateTags } from '@countersign/db';
import { foldTag, localeOf, type TemplateDetail, type TemplateList } from '@countersign/schemas';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ServiceContext } from '../context.ts';
import { examplePayload } from './example-payload.ts';
import { loadTemplate } from './load.ts';
import { roleColorsView } from './role-colors.ts';
import { tagsOf } from './tags.ts';

const iso = (t: number) => new Date(t).toISOString();

/**
 * The account's templates, newest first, with what a caller needs to pick one: those in use, or the archived
 * ones; with `tag`, only those with that tag (case ignored, a lookup of the account's tag index).
 */
export async function listTemplates(
  ctx: ServiceContext,
  accountId: string,
  options: { archived?: boolean; tag?: string } = {},
): Promise<TemplateList> {
  const rows = await ctx.db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.accountId, accountId),
        isNull(templates.deletedAt),
        options.archived ? isNotNull(templates.archivedAt) : isNull(templates.archivedAt),
        options.tag === undefined
          ? undefined
          : inArray(
              templates.id,
              ctx.db
                .select({ templateId: templateTags.templateId })
                .from(templateTags)
                .where(
                  and(eq(templateTags.accountId, accountId), eq(templateTags.tagKey, foldTag(options.tag))),
                ),
            ),
      ),
    )
    .orderBy(desc(templates.createdAt), desc(templates.id));
  if (rows.length === 0) return { templates: [] };
  const ids = rows.map((r) => r.id);
  // Older versions' rows stay for the sessions sent with them: only the current version counts here.
  const current = new Map(rows.map((r) => [r.id, r.version]));
  const group = <T extends { templateId: string; version: number }>(list: T[]) => {
    const by = new Map<string, T[]>();
    for (const item of list) {
      if (current.get(item.templateId) !== item.version) continue;
      by.set(item.templateId, [...(by.get(item.templateId) ?? []), item]);
    }
    return by;
  };
  /** The current version's parts (documents, roles) of each template, in their order, with `columns`. */
  const partsOf = async <C extends Record<string, SQLiteColumn>>(
    table: typeof templateDocuments | typeof templateRoles,
    columns: C,
  ) =>
    group(
      await ctx.db
        .select({ templateId: table.templateId, version: table.version, ...columns })
        .from(table)
        .where(inArray(table.templateId, ids))
        .orderBy(asc(table.position)),
    );
  const docs = await partsOf(templateDocuments, {
    filename: templateDocuments.filename,
    pageCount: templateDocuments.pageCount,
  });
  const roles = await partsOf(templateRoles, { label: templateRoles.label });
  const fieldCounts = new Map(
    (
      await ctx.db
        .select({ templateId: templateFields.templateId, version: templateFields.version, n: count() })
        .from(templateFields)
        .where(inArray(templateFields.templateId, ids))
        .groupBy(templateFields.templateId, templateFields.version)
    )
      .filter((r) => current.get(r.templateId) === r.version)
      .map((r) => [r.templateId, r.n]),
  );
  const tags = await tagsOf(ctx, accountId, ids);
  return {
    templates: rows.map((t) => ({
      templateId: t.id,
      name: t.name,
      createdAt: iso(t.createdAt),
      archivedAt: t.archivedAt === null ? null : iso(t.archivedAt),
      tags: tags.get(t.id) ?? [],
      roles: (roles.get(t.id) ?? []).map((r) => r.label),
      documents: (docs.get(t.id) ?? []).map((d) => ({ filename: d.filename, pageCount: d.pageCount })),
      fieldCount: fieldCounts.get(t.id) ?? 0,
    })),
  };
}

/** One template of the account (404 otherwise) with its fields and the example send body. */
export async function getTemplateDetail(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
): Promise<TemplateDetail> {
  const t = await loadTemplate(ctx, accountId, templateId);
  const roleLabel = new Map(t.roles.map((r) => [r.id, r.label]));
  const filename = new Map(t.documents.map((d) => [d.id, d.filename]));
  const fields = t.fields.map((f) => ({
    label: f.label,
    sendLabel: f.sendLabel,
    type: f.type,
    role: f.roleId === null ? null : (roleLabel.get(f.roleId) ?? null),
    required: f.required,
    document: filename.get(f.documentId) ?? '',
    page: f.page,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
  }));
  const roles = t.roles.map((r) => r.label);
  return {
    templateId: t.template.id,
    name: t.template.name,
    createdAt: iso(t.template.createdAt),
    archivedAt: t.template.archivedAt === null ? null : iso(t.template.archivedAt),
    tags: (await tagsOf(ctx, accountId, [templateId])).get(templateId) ?? [],
    version: t.template.version,
    updatedAt: t.template.updatedAt === null ? null : iso(t.template.updatedAt),
    defaultLocale: localeOf(t.template.defaultLocale),
    roles,
    roleColors: roleColorsView(t.roles),
    documents: t.documents.map((d) => ({
      filename: d.filename,
      pageCount: d.pageCount,
      pageSizes: d.pageSizes as { width: number; height: number }[],
    })),
    fields,
    examplePayload: examplePayload(t.template.id, roles, fields, new Date(ctx.clock.now())),
  };
}
