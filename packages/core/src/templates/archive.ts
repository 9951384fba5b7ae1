import { templates } from '@countersign/db';
import type { TemplateDetail } from '@countersign/schemas';
import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { loadTemplate } from './load.ts';
import { getTemplateDetail } from './read.ts';

/**
 * Archives a template (out of the default list) or restores it. Only tidies the list: an archived template is
 * still read, edited and sent, and its sessions are untouched. Archiving an archived one keeps its first time.
 */
export async function setTemplateArchived(
  ctx: ServiceContext,
  accountId: string,
  templateId: string,
  archived: boolean,
  alsoInTransaction?: () => Promise<void>,
): Promise<TemplateDetail> {
  const t = await loadTemplate(ctx, accountId, templateId);
  const changes = archived !== (t.template.archivedAt !== null);
  if (changes) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(templates)
        .set({ archivedAt: archived ? ctx.clock.now() : null })
        .where(and(eq(templates.id, templateId), eq(templates.accountId, accountId)));
      await alsoInTransaction?.();
    });
  }
  return await getTemplateDetail(ctx, accountId, templateId);
}
