import type { TemplateSummary } from '@countersign/schemas';

export type TemplateOrder = 'newest' | 'oldest' | 'name';

export const TEMPLATE_ORDERS: readonly (readonly [TemplateOrder, string])[] = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['name', 'Name, A to Z'],
];

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The templates whose name or a role contains every word of `query` (case and accents ignored), in `order`.
 * The list API returns every template of the account at once, so finding is done here, as you type.
 */
export function findTemplates(
  templates: readonly TemplateSummary[],
  query: string,
  order: TemplateOrder,
): TemplateSummary[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const found = templates.filter((t) => {
    const text = fold([t.name, ...t.roles].join(' '));
    return words.every((w) => text.includes(w));
  });
  const byTime = (a: TemplateSummary, b: TemplateSummary) => a.createdAt.localeCompare(b.createdAt);
  if (order === 'name') return found.sort((a, b) => collator.compare(a.name, b.name) || byTime(b, a));
  return found.sort(order === 'oldest' ? byTime : (a, b) => byTime(b, a));
}
