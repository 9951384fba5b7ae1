import type { AdoptedSignature, SigningField } from '@countersign/schemas';
import { el } from './dom.ts';
import { adoptedFor, currentField, describe, isAdopted, isFillable, isFilled, kindOf } from './fields.ts';
import { formatDay, t } from './i18n.ts';
import { updateProgress } from './progress.ts';
import { view, work } from './state.ts';

// The fields drawn over the document's pages: positioned in percent of the page, sized like the PDF's text.

/** A field's box over its page; the signer's own fields are buttons that call `onTap`. */
export function overlay(f: SigningField, onTap: (f: SigningField) => void): HTMLElement {
  const interactive = isFillable(f) || (f.mine && isAdopted(f) && view().yourTurn && !f.automatic);
  const node = el(interactive ? 'button' : 'div', {
    class: `field field-${f.type} ${f.mine ? 'mine' : 'other'}${f.required ? ' required' : ''}`,
    type: interactive ? 'button' : null,
    'data-field': f.id,
    'aria-hidden': interactive ? null : 'true',
  });
  if (interactive) node.addEventListener('click', () => onTap(f));
  // Named from the start: a frame is on the page (and read by screen readers) before its page is drawn.
  paintField(node, f, false, false);
  return node;
}

/** Percentages of the page's own size, so the box follows the page's width. */
export function place(node: HTMLElement, f: SigningField, page: { width: number; height: number }): void {
  node.style.left = `${(f.rect.x / page.width) * 100}%`;
  node.style.top = `${(f.rect.y / page.height) * 100}%`;
  node.style.width = `${(f.rect.width / page.width) * 100}%`;
  node.style.height = `${(f.rect.height / page.height) * 100}%`;
  node.dataset.pageWidth = String(page.width);
  sizeText(node, f);
}

/**
 * Text sized relative to the page width (the page is a size container): at the size and in the lines the
 * PDF will use once the server has laid the value out (docs/signing-text.md), so what is seen is what gets
 * stamped and nothing is cut; before that, sized to the box.
 */
function sizeText(node: HTMLElement, f: SigningField) {
  const fit = work.fits.get(f.id);
  node.classList.toggle('fitted', !!fit);
  const points = fit?.size ?? Math.min(f.rect.height * 0.62, 14) * Number(node.dataset.shrink || 1);
  if (node.dataset.pageWidth) node.style.fontSize = `${points * (100 / Number(node.dataset.pageWidth))}cqw`;
}

export const fieldNode = (f: SigningField): HTMLElement | null =>
  document.querySelector<HTMLElement>(`.field[data-field="${CSS.escape(f.id)}"]`);

/** Every field repainted (the current one marked), then the bar's progress. */
export function refreshOverlays(): void {
  const byId = new Map(view().fields.map((f) => [f.id, f]));
  const current = currentField();
  const painted: [HTMLElement, SigningField][] = [];
  for (const node of document.querySelectorAll<HTMLElement>('.field')) {
    const f = byId.get(node.dataset.field ?? '');
    if (!f) continue;
    paintField(node, f, current?.id === f.id, false);
    painted.push([node, f]);
  }
  shrinkToFit(painted);
  updateProgress();
}

/** One field repainted where it is. */
export function repaint(f: SigningField): void {
  const node = fieldNode(f);
  if (node) paintField(node, f);
}

/**
 * A field's content: visible text, then (for buttons) what a screen reader adds, so the accessible name starts
 * with what is seen (WCAG 2.5.3, axe `label-content-name-mismatch`).
 */
function paintField(
  node: HTMLElement,
  f: SigningField,
  current = node.classList.contains('current'),
  shrink = true,
) {
  const signed = !!f.adopted || (f.automatic && f.value !== null);
  const filled = signed || (f.mine && (isFillable(f) || isAdopted(f)) && isFilled(f));
  node.classList.toggle('filled', filled);
  node.classList.toggle('signed', signed);
  node.classList.toggle('current', current);
  sizeText(node, f);
  const parts: Node[] = [fieldContent(f)];
  if (node.tagName === 'BUTTON') parts.push(el('span', { class: 'sr-only', text: ` ${describe(f)}` }));
  node.replaceChildren(...parts);
  if (shrink) shrinkToFit([[node, f]]);
}

const overflows = (node: HTMLElement) => node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1;

/**
 * What the server has not laid out for this signer (a date or name the service adds, another signer's
 * value, a hint) shrinks to half its size, then wraps, as the PDF does: nothing on the page is cut.
 * Writes and reads are batched, so a document with many fields costs three layouts, not one per field.
 */
function shrinkToFit(painted: [HTMLElement, SigningField][]) {
  const mine = painted.filter(([, f]) => !work.fits.has(f.id));
  for (const [node, f] of mine) {
    delete node.dataset.shrink;
    node.classList.remove('wrapped');
    sizeText(node, f);
  }
  const over = mine
    .filter(([node]) => overflows(node))
    .map(([node, f]) => [node, f, Math.max((node.clientWidth / node.scrollWidth) * 0.95, 0.5)] as const);
  for (const [node, f, factor] of over) {
    node.dataset.shrink = String(factor);
    sizeText(node, f);
  }
  for (const [node] of over) node.classList.toggle('wrapped', overflows(node));
}

function fieldContent(f: SigningField): HTMLElement {
  const v = view();
  if (f.adopted) return adoptedMark(f.adopted);
  if (isAdopted(f)) {
    const adopted = adoptedFor(f);
    if (f.mine && v.yourTurn && isFilled(f) && adopted) return adoptedMark(adopted);
    const hint = f.mine && v.yourTurn ? t(f.type === 'signature' ? 'field.sign' : 'field.initial') : '';
    return el('span', { class: 'hint', text: hint });
  }
  if (f.automatic) {
    if (f.value !== null) {
      const shown = f.type === 'date' ? formatDay(f.value) : f.value;
      return el(
        'span',
        { class: 'value auto' },
        el('span', { text: shown }),
        el('span', { class: 'auto-note', text: t('field.autoDone') }),
      );
    }
    return el('span', { class: 'hint auto', text: f.mine ? t('field.auto') : '' });
  }
  const value = (f.mine ? work.values.get(f.id) : undefined) ?? f.value ?? '';
  if (f.type === 'checkbox') return el('span', { class: 'check', text: value === 'true' ? '✓' : '' });
  const shown = f.type === 'date' ? formatDay(value) : value;
  return el('span', {
    class: 'value',
    dir: 'auto',
    text: shown || (f.mine && !f.readOnly ? f.label || kindOf(f) : ''),
  });
}

/** A signature or initials as adopted: the drawing, or the typed text in the signature font. */
export function adoptedMark(adopted: AdoptedSignature): HTMLElement {
  if (adopted.kind === 'drawn') return el('img', { src: adopted.value, alt: '' });
  return el('span', { class: 'script', dir: 'auto', text: adopted.value });
}
