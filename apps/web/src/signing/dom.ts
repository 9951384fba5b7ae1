/** An element the server rendered (signing-page.ts): present on every page that loads this script. */
export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

export type Attrs = Record<string, string | number | boolean | null | undefined>;
export type Child = Node | string | null | undefined;

/** The page's one component helper: an element with attributes (`class`, `text`, the rest as is) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'class') node.className = String(value);
    else if (name === 'text') node.textContent = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...present(children));
  return node;
}

export const present = (children: Child[]): (Node | string)[] =>
  children.filter((c): c is Node | string => c !== null && c !== undefined);

/**
 * Re-enables a button after a request. Disabling a focused button lets the browser move focus to <body>
 * (when that happens depends on frame timing), so a keyboard user would be thrown to the top: give it back.
 */
export function enable(button: HTMLButtonElement): void {
  const lost = !document.activeElement || document.activeElement === document.body;
  button.disabled = false;
  if (lost && button.offsetParent) button.focus();
}
