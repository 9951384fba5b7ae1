import type { AdoptedSignature } from '@countersign/schemas';
import { signerApi } from './api.ts';
import { $, enable } from './dom.ts';
import { fillOrder } from './fields.ts';
import { t } from './i18n.ts';
import { loadSignatureFont } from './page.ts';
import { padImage, padIsEmpty, setupPad, sizePad } from './signature-pad.ts';
import { view, work } from './state.ts';
import { showBarError } from './status.ts';

// The adopt dialog: a typed or drawn signature and typed initials, checked against the signer's boxes.

/** What to do once adopted (place the field that asked, or go on where the signer was). */
let then: () => void = () => {};

function initialsOf(name: string) {
  const letters = name
    .split(/[\s-]+/u)
    .map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0])
    .filter(Boolean)
    .slice(0, 3)
    .join('')
    .toLocaleUpperCase();
  return letters || [...name.trim()][0] || '';
}

export function openAdopt(afterAdopting: () => void): void {
  then = afterAdopting;
  loadSignatureFont();
  const name = view().participant.name;
  $<HTMLInputElement>('typed-name').value = work.signature?.kind === 'typed' ? work.signature.value : name;
  $<HTMLInputElement>('initials-input').value = work.initials?.value ?? initialsOf(name);
  $('adopt-error').hidden = true;
  updatePreview();
  $<HTMLDialogElement>('adopt').showModal();
  sizePad();
}

const adoptKind = () =>
  document.querySelector<HTMLInputElement>('#adopt-form input[name="kind"]:checked')?.value;

function updatePreview() {
  $('typed-preview').textContent = $<HTMLInputElement>('typed-name').value;
  const drawn = adoptKind() === 'drawn';
  $('typed-panel').hidden = drawn;
  $('drawn-panel').hidden = !drawn;
  if (drawn) sizePad();
}

/**
 * A typed signature or initials that cannot be stamped in one of the signer's boxes (a character no font
 * has, or too long for a tiny box) is said in the dialog, where it can be changed, not at Finish.
 */
async function adoptProblem(signature: AdoptedSignature, initials: AdoptedSignature) {
  let result: Awaited<ReturnType<typeof signerApi.textCheck>>;
  try {
    result = await signerApi.textCheck({ initials, ...(signature.kind === 'typed' ? { signature } : {}) });
  } catch {
    return null; // Only advice: the sign call runs the same check.
  }
  const bad = result.fields.find((r) => !r.ok);
  if (!bad) return null;
  const field = fillOrder().find((f) => f.id === bad.fieldId);
  const [input, label] =
    field?.type === 'initials' ? ['initials-input', 'adopt.initials'] : ['typed-name', 'adopt.name'];
  return { message: `${t(label)}: ${bad.problem?.message ?? ''}`, input };
}

async function adopt(event: SubmitEvent) {
  event.preventDefault();
  const error = $('adopt-error');
  const fail = (message: string, focus: HTMLElement) => {
    error.textContent = message;
    error.hidden = false;
    focus.focus();
  };
  let signature: AdoptedSignature;
  if (adoptKind() === 'drawn') {
    if (padIsEmpty()) return fail(t('adopt.drawFirst'), $('pad-clear'));
    signature = { kind: 'drawn', value: padImage() };
  } else {
    const typed = $<HTMLInputElement>('typed-name').value.trim();
    if (!typed) return fail(t('adopt.typeName'), $('typed-name'));
    signature = { kind: 'typed', value: typed };
  }
  const initials = $<HTMLInputElement>('initials-input').value.trim();
  if (!initials) return fail(t('adopt.typeInitials'), $('initials-input'));
  const typedInitials: AdoptedSignature = { kind: 'typed', value: initials };
  const ok = $<HTMLButtonElement>('adopt-ok');
  ok.disabled = true;
  const problem = await adoptProblem(signature, typedInitials);
  enable(ok);
  if (problem) return fail(problem.message, $(problem.input));
  work.signature = signature;
  work.initials = typedInitials;
  $<HTMLDialogElement>('adopt').close();
  showBarError('');
  $('saved').textContent = t('adopt.done');
  then();
}

export function setupAdopt(): void {
  $('adopt-form').addEventListener('submit', adopt);
  $('adopt-cancel').addEventListener('click', () => $<HTMLDialogElement>('adopt').close());
  $('typed-name').addEventListener('input', updatePreview);
  for (const radio of document.querySelectorAll('#adopt-form input[name="kind"]'))
    radio.addEventListener('change', updatePreview);
  setupPad();
}
