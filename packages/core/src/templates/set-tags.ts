import { templates, templateTags } from '@countersign/db';
import { sortTags, type TemplateDetail } from '@countersign/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';
import { getTemplateDetail } from './read.ts';
import { tagRows, tagsOf } from './tags.ts';

/**
 * Replaces a template's tags (extension). Metadata like the archive time: no new version, its sessions are
 * untouched. `alsoInTransaction` gets the tags before and after (ordered ignoring case) and runs only when they
 * change (a change that changes nothing records nothing). 404 for another account's or a deleted template.
 */
export async function setTemplateTags(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
  tags: readonly string[],
  alsoInTransaction?: (from: string[], to: string[]) => Promise<void>,
): Promise<TemplateDetail> {
  const rows = tagRows(accountId, templateId, tags);
  await ctx.db.transaction(async (tx) => {
    const [template] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(eq(templates.id, templateId), eq(templates.accountId, accountId), isNull(templates.deletedAt)),
      )
      .limit(1);
    if (!template) throw new DomainError('template_not_found', `template ${templateId} not found`);
    const from = (await tagsOf(ctx, accountId, [templateId])).get(templateId) ?? [];
    const to = sortTags(rows.map((r) => r.tag));
    if (from.length === to.length && from.every((tag, i) => tag === to[i])) return;
    await tx
      .delete(templateTags)
      .where(and(eq(templateTags.templateId, templateId), eq(templateTags.accountId, accountId)));
    if (rows.length > 0) await tx.insert(templateTags).values(rows);
    await alsoInTransaction?.(from, to);
  });
  return await getTemplateDetail(ctx, accountId, templateId);
}
