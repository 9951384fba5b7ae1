import type { TemplateSummary } from '@countersign/schemas';
import { distinctTags, foldTag, sortTags } from '@countersign/schemas/template-tags';

export type TemplateOrder = 'newest' | 'oldest' | 'name';

export const TEMPLATE_ORDERS: readonly (readonly [TemplateOrder, string])[] = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['name', 'Name, A to Z'],
];

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The templates whose name or a role contains every word of `query` (case and accents ignored) and, when `tag`
 * is given, that have that tag (case ignored, as the API compares them), in `order`. The list API returns
 * every template of the account at once, so finding is done here, as you type.
 */
export function findTemplates(
  templates: readonly TemplateSummary[],
  query: string,
  order: TemplateOrder,
  tag = '',
): TemplateSummary[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const key = foldTag(tag);
  const found = templates.filter((t) => {
    const text = fold([t.name, ...t.roles].join(' '));
    return words.every((w) => text.includes(w)) && (key === '' || t.tags.some((x) => foldTag(x) === key));
  });
  const byTime = (a: TemplateSummary, b: TemplateSummary) => a.createdAt.localeCompare(b.createdAt);
  if (order === 'name') return found.sort((a, b) => collator.compare(a.name, b.name) || byTime(b, a));
  return found.sort(order === 'oldest' ? byTime : (a, b) => byTime(b, a));
}

/**
 * Every tag of `templates`, once however it is written ("HR" on one, "hr" on another: the first met), ordered
 * ignoring case; `selected` too when none has it (a filter kept in the address still shows as chosen).
 */
export function tagChoices(templates: readonly TemplateSummary[], selected = ''): string[] {
  const byKey = new Map<string, string>();
  for (const tag of [...templates.flatMap((t) => t.tags), selected]) {
    if (tag !== '' && !byKey.has(foldTag(tag))) byKey.set(foldTag(tag), tag);
  }
  return sortTags([...byKey.values()]);
}

/** "HR, lease , hr" -> ["HR", "lease"]: the tags of the one-line editor, as the API will keep them. */
export const parseTags = (text: string): string[] => distinctTags(text.split(','));
