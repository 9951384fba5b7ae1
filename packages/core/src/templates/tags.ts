import { templateTags } from '@countersign/db';
import { distinctTags, foldTag, sortTags } from '@countersign/schemas';
import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';

/**
 * Each template's tags (of those in `templateIds`, all of the account), ordered ignoring case. One template's
 * are read by its key; several templates' (a list) by the account, not by an IN list as long as the account's
 * templates.
 */
export async function tagsOf(
  ctx: ServiceContext,
  accountId: string,
  templateIds: readonly string[],
): Promise<Map<string, string[]>> {
  const by = new Map<string, string[]>();
  if (templateIds.length === 0) return by;
  const wanted = new Set(templateIds);
  const rows = await ctx.db
    .select({ templateId: templateTags.templateId, tag: templateTags.tag })
    .from(templateTags)
    .where(
      and(
        eq(templateTags.accountId, accountId),
        templateIds.length === 1 ? eq(templateTags.templateId, templateIds[0]!) : undefined,
      ),
    );
  for (const { templateId, tag } of rows) {
    if (wanted.has(templateId)) by.set(templateId, [...(by.get(templateId) ?? []), tag]);
  }
  for (const [templateId, tags] of by) by.set(templateId, sortTags(tags));
  return by;
}

/** The rows of `tags` (trimmed, the first of those equal ignoring case kept) on one template. */
export const tagRows = (accountId: string, templateId: string, tags: readonly string[]) =>
  distinctTags(tags).map((tag) => ({ accountId, templateId, tagKey: foldTag(tag), tag }));
