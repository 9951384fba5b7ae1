import type { SigningField } from '@countersign/schemas';
import { openAdopt } from './adopt.ts';
import { ApiError, signerApi } from './api.ts';
import { pollUntilCompleted } from './completed.ts';
import { $, el, enable } from './dom.ts';
import { cancelSave, saveSoon } from './drafts.ts';
import { embed } from './embed.ts';
import {
  adoptedFor,
  currentField,
  entries,
  fillOrder,
  isAdopted,
  isFilled,
  kindOf,
  missing,
} from './fields.ts';
import { handleError, load } from './flow.ts';
import { numbers, t, tn } from './i18n.ts';
import { adoptedMark, refreshOverlays, repaint } from './overlays.ts';
import { updateProgress } from './progress.ts';
import { viewIfLoaded, work } from './state.ts';
import { focusStatus, showBarError, showStatus } from './status.ts';
import { checkSoon } from './text-fit.ts';

// The bar at the bottom while signing: progress, the selected field's control, "Next field" and "Finish".

export function renderBar(): void {
  $('bar').hidden = false;
  document.body.classList.add('with-bar');
  updateProgress();
}

/** The adopt dialog, from a field (adopting places it there) or from the bar. */
function adoptFrom(field: SigningField | null) {
  openAdopt(() => {
    if (field) return placeField(field);
    refreshOverlays();
    saveSoon();
    const current = currentField();
    if (current && isAdopted(current)) showEditor(current);
    else if (missing().length === 0) finishFocus();
    else $('next').focus();
  });
}

/** A tap (or click) on a field: adopted fields are placed by it; others open their editor. */
export function tapField(f: SigningField): void {
  const index = fillOrder().findIndex((x) => x.id === f.id);
  if (isAdopted(f) && adoptedFor(f) && !work.placed.has(f.id)) {
    work.current = index;
    placeField(f);
  } else select(index);
}

/** Makes field `index` of fillOrder() the current one: scrolls to it and puts its control in the bar. */
function select(index: number) {
  const f = fillOrder()[index];
  if (!f) return;
  work.current = index;
  showBarError('');
  refreshOverlays();
  document.querySelector(`.field[data-field="${CSS.escape(f.id)}"]`)?.scrollIntoView({
    block: 'center',
    behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
  });
  if (isAdopted(f) && !adoptedFor(f)) return adoptFrom(f);
  showEditor(f);
}

function placeField(f: SigningField) {
  work.placed.add(f.id);
  refreshOverlays();
  showEditor(f);
  saveSoon();
  document.getElementById('editor-remove')?.focus({ preventScroll: true });
}

function unplaceField(f: SigningField) {
  work.placed.delete(f.id);
  refreshOverlays();
  showEditor(f);
  saveSoon();
  $('editor-place').focus({ preventScroll: true });
}

/** A signature or initials field: what was adopted, "Sign here" (or "Remove"), and "Change". */
function adoptedControl(f: SigningField, labelText: string) {
  const placed = work.placed.has(f.id);
  const adopted = adoptedFor(f);
  const change = el('button', {
    type: 'button',
    class: 'btn link',
    id: 'editor-change',
    text: t('field.change'),
  });
  const toggle = placed
    ? el('button', { type: 'button', class: 'btn link', id: 'editor-remove', text: t('field.remove') })
    : el('button', {
        type: 'button',
        class: 'btn primary',
        id: 'editor-place',
        text: t(f.type === 'signature' ? 'field.signHere' : 'field.initialHere'),
      });
  change.addEventListener('click', () => adoptFrom(null));
  toggle.addEventListener('click', () => (placed ? unplaceField(f) : placeField(f)));
  const mine = f.type === 'signature' ? t('field.yourSignature') : t('field.yourInitials');
  return el(
    'div',
    { class: 'editor-adopted' },
    el('span', { class: 'editor-label', text: labelText }),
    el('span', { class: 'preview', title: mine }, adopted ? adoptedMark(adopted) : null),
    toggle,
    change,
  );
}

function checkboxControl(f: SigningField, labelText: string) {
  const input = el('input', { type: 'checkbox', id: 'editor-input' });
  input.checked = work.values.get(f.id) === 'true';
  input.addEventListener('change', () => setValue(f, input.checked ? 'true' : 'false'));
  return el('div', { class: 'editor-check' }, input, el('label', { for: 'editor-input', text: labelText }));
}

const INPUT_TYPES: Partial<Record<string, string>> = { email: 'email', date: 'date' };
const AUTOCOMPLETE: Partial<Record<string, string>> = { name: 'name', email: 'email' };

function textControl(f: SigningField, labelText: string) {
  const input = el('input', {
    type: INPUT_TYPES[f.type] ?? 'text',
    id: 'editor-input',
    maxlength: 1000,
    autocomplete: AUTOCOMPLETE[f.type] ?? 'off',
    'aria-required': f.required ? 'true' : null,
    dir: 'auto',
  });
  input.value = work.values.get(f.id) ?? '';
  input.addEventListener('input', () => setValue(f, input.value));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      next();
    }
  });
  return el(
    'div',
    { class: 'editor-text' },
    el('label', { for: 'editor-input', class: 'editor-label', text: labelText }),
    input,
  );
}

function showEditor(f: SigningField) {
  const editor = $('editor');
  editor.hidden = false;
  const order = fillOrder();
  const position = el('p', {
    class: 'editor-pos',
    text: t('bar.position', {
      n: numbers.format(order.findIndex((x) => x.id === f.id) + 1),
      total: numbers.format(order.length),
    }),
  });
  const label = f.label || kindOf(f);
  const labelText = t(f.required ? 'field.labelRequired' : 'field.labelOptional', { label });
  const control = isAdopted(f)
    ? adoptedControl(f, labelText)
    : f.type === 'checkbox'
      ? checkboxControl(f, labelText)
      : textControl(f, labelText);
  editor.replaceChildren(position, control);
  editor
    .querySelector<HTMLElement>('input, #editor-place, #editor-remove, button')
    ?.focus({ preventScroll: true });
}

function setValue(f: SigningField, value: string) {
  work.values.set(f.id, value);
  if (f.type !== 'checkbox' && value) checkSoon(f, value);
  repaint(f);
  updateProgress();
  saveSoon();
}

/** The next field in reading order; after the last one, the first required one still empty, else Finish. */
function next() {
  const order = fillOrder();
  if (order.length === 0) return finishFocus();
  const empty = order.findIndex((f) => f.required && !isFilled(f));
  // The first press (after a reload, say) goes where work is left; later ones walk every field in turn.
  if (work.current === null) return select(Math.max(empty, 0));
  if (work.current + 1 < order.length) return select(work.current + 1);
  if (empty >= 0) return select(empty);
  finishFocus();
}

function finishFocus() {
  updateProgress();
  $('finish').focus();
}

async function finish() {
  if (work.busy) return;
  showBarError('');
  const left = missing();
  if (left[0]) {
    showBarError(tn('bar.stillEmpty', left.length));
    const firstId = left[0].id;
    return select(fillOrder().findIndex((f) => f.id === firstId));
  }
  if (!work.signature) return adoptFrom(null);
  cancelSave();
  work.busy = true;
  const button = $<HTMLButtonElement>('finish');
  button.disabled = true;
  button.textContent = t('bar.signing');
  const { values, placed } = entries();
  try {
    const result = await signerApi.sign({
      values,
      signature: work.signature,
      initials: work.initials ?? undefined,
      placed,
    });
    $('bar').hidden = true;
    $('decline-open').hidden = true;
    $('editor').hidden = true;
    document.body.classList.remove('with-bar');
    work.current = null;
    embed({ type: 'signed', sessionCompleted: result.sessionCompleted });
    await load();
    const finishing = result.sessionCompleted && viewIfLoaded()?.status !== 'completed';
    if (finishing) showStatus('done', t('state.lastSigned'), t('state.preparingText'));
    $('status').scrollIntoView({ block: 'start' });
    focusStatus();
    if (finishing) void pollUntilCompleted();
  } catch (err) {
    const atFault =
      err instanceof ApiError && err.code === 'fields_missing' ? err.body?.fieldIds?.[0] : undefined;
    if (atFault) {
      const i = fillOrder().findIndex((f) => f.id === atFault);
      if (i >= 0) select(i);
    }
    handleError(err);
  } finally {
    work.busy = false;
    button.textContent = t('bar.finish');
    enable(button);
  }
}

export function setupBar(): void {
  $('next').addEventListener('click', next);
  $('finish').addEventListener('click', finish);
  window.addEventListener('offline', () => showBarError(t('error.network')));
}
