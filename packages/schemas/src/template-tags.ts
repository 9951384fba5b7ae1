// No imports, so the database, the services and the web app all take it (`@countersign/schemas/template-tags`).
// Template tags (extension): "HR" and "hr" are one tag, kept as first typed for display.

/** A tag's key: the same for every way of writing it that differs only in case (or Unicode composition). */
export const foldTag = (tag: string): string => tag.normalize('NFC').toLowerCase();

/** Tags ordered ignoring case: by key, so every server and browser puts them in the same order. */
export const sortTags = (tags: readonly string[]): string[] =>
  tags
    .map((tag) => [foldTag(tag), tag] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, tag]) => tag);

/** Each tag trimmed, empty ones dropped, and of those equal ignoring case only the first kept, in order. */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = foldTag(tag);
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}
