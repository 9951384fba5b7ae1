import type { SigningPageText } from '@countersign/schemas';
import { el } from './dom.ts';
import type { PageSize } from './page-frame.ts';

// A page's text over its image (docs/signing-page.md, "Pages drawn ahead of time"): transparent runs placed
// where the image shows them, as pdf.js's text layer does, so screen readers read the page, and its words
// can be selected and found with the browser's find-in-page.

/** The page's text from the server (`{url}/{page}/text`), or null when it cannot be had (the image stays). */
export async function fetchPageText(base: string, n: number): Promise<SigningPageText | null> {
  try {
    const res = await fetch(`${base}/${n}/text`, { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as SigningPageText) : null;
  } catch {
    return null;
  }
}

/**
 * The runs placed in percent of the page, each at its height as font size (in `cqw`: the page is a size
 * container, so the layer follows the page's width without script), then stretched to its width.
 */
export function textLayer(text: SigningPageText, page: PageSize): HTMLElement {
  const layer = el('div', { class: 'text-layer' });
  const spans: [HTMLElement, number][] = [];
  for (const item of text.items) {
    if (!item.text.trim()) continue;
    const span = el('span', { text: item.text });
    span.style.left = `${item.x * 100}%`;
    span.style.top = `${item.y * 100}%`;
    span.style.fontSize = `${item.height * (page.height / page.width) * 100}cqw`;
    layer.append(span, ' ');
    spans.push([span, item.width]);
  }
  // Once in the page: one layout read for every run, then one write each (font metrics differ from the PDF's).
  requestAnimationFrame(() => {
    const pageWidth = layer.clientWidth;
    const natural = spans.map(([span]) => span.offsetWidth);
    for (const [i, [span, width]] of spans.entries())
      if (natural[i]! > 0) span.style.transform = `scaleX(${(width * pageWidth) / natural[i]!})`;
  });
  return layer;
}
