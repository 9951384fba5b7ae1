import type { SigningField, SigningView } from '@countersign/schemas';
import { el } from './dom.ts';
import { numbers, t } from './i18n.ts';
import { overlay, place } from './overlays.ts';

// A page's frame, whoever paints it (an image drawn by the server, or pdf.js): sized from the page's points
// before anything loads, named for screen readers, with the signer's fields over it.

export type SigningDocument = SigningView['documents'][number];
/** A page's size in points as displayed. */
export interface PageSize {
  width: number;
  height: number;
}

export interface PageFrame {
  n: number;
  wrap: HTMLElement;
  /** Lays the page out at its size: the frame's aspect ratio (no layout shift) and the fields over it. */
  size(page: PageSize): void;
  /** Puts what shows the page (an image, a canvas) under everything else in the frame, replacing the last. */
  paint(node: HTMLElement): void;
  /** Puts the page's text over the paint and under the fields (reading order: the page, then its fields). */
  addText(layer: HTMLElement): void;
}

/** Page `n` of `total` of the document, with the fields `v` has on it. */
export function pageFrame(
  v: SigningView,
  d: SigningDocument,
  n: number,
  total: number,
  onTap: (f: SigningField) => void,
): PageFrame {
  const wrap = el('div', {
    class: 'page',
    // A PDF page lays itself out: its text must not inherit a right-to-left page direction.
    dir: 'ltr',
    role: 'group',
    'aria-label': t('doc.page', { file: d.filename, n: numbers.format(n), total: numbers.format(total) }),
  });
  const fields = v.fields.filter((x) => x.documentId === d.id && x.page === n);
  const nodes = fields.map((f) => overlay(f, onTap));
  wrap.append(...nodes);
  let painted: HTMLElement | null = null;
  let text: HTMLElement | null = null;
  return {
    n,
    wrap,
    size(page) {
      wrap.style.aspectRatio = `${page.width} / ${page.height}`;
      for (const [i, f] of fields.entries()) place(nodes[i]!, f, page);
    },
    paint(node) {
      if (painted) painted.replaceWith(node);
      else wrap.prepend(node);
      painted = node;
    },
    addText(layer) {
      if (text) text.replaceWith(layer);
      else if (painted) painted.after(layer);
      else wrap.prepend(layer);
      text = layer;
    },
  };
}

/** Work waiting for its page to come near the screen (600 px ahead), each run once. */
const waiting = new Map<Element, (() => void)[]>();
let observer: IntersectionObserver | null = null;

/** Runs `action` once when `wrap` comes within 600 px of the screen (at once, next frame, if it is there). */
export function whenNear(wrap: Element, action: () => void): void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const actions = waiting.get(entry.target) ?? [];
        waiting.delete(entry.target);
        for (const run of actions) run();
      }
    },
    { rootMargin: '600px 0px' },
  );
  const actions = waiting.get(wrap);
  if (actions) actions.push(action);
  else {
    waiting.set(wrap, [action]);
    observer.observe(wrap);
  }
}
