/** `{name}` placeholders of a catalogue string filled from `vars` (the page and the server share this rule). */
export const fill = (template: string, vars: Record<string, string | number> = {}): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));

/** The same placeholders filled with anything (DOM nodes, markup): the template's text through `text`. */
export const fillParts = <T>(template: string, text: (s: string) => T, slot: (name: string) => T): T[] =>
  template.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? slot(part) : text(part)));

/** What `{endpoint}` names in the page's words: the audit export the trail field takes. */
export const TRAIL_ENDPOINT = 'GET /api/sessions/{id}/audit';
