import type { SigningView } from '@countersign/schemas';
import { ApiError, errorCode, isGone, messageOf, signerApi } from './api.ts';
import { $ } from './dom.ts';
import { handleError, load } from './flow.ts';
import { formatDate, inTime, t } from './i18n.ts';

// The gate: a one-time code by email before anything of the session is shown.

export function renderGate(v: SigningView): void {
  // The gate is the whole state here: the status card steps aside and the gate speaks for itself.
  $('status').hidden = true;
  $('gate').hidden = false;
  $('doc').hidden = true;
  $('gate-email').textContent = v.participant.email;
  const lead = $('gate-text').firstChild;
  if (lead) lead.textContent = v.status === 'completed' ? t('gate.toDownload') : t('gate.toSee');
  if (v.auth.locked) {
    gateNote(t('gate.locked', { time: formatDate(v.auth.lockedUntil ?? '') }), true);
    $<HTMLButtonElement>('send-code').disabled = true;
  }
}

function gateNote(text: string, stop = false) {
  const note = $('gate-note');
  note.textContent = text;
  note.classList.toggle('stop', stop);
}

/** The code box with a note above it; the code is typed there whether it was sent now or a moment ago. */
function showCodeForm(note: string) {
  $('send-code').hidden = true;
  $('code-form').hidden = false;
  gateNote(note);
  $('code').focus();
}

async function requestCode() {
  const button = $<HTMLButtonElement>($('code-form').hidden ? 'send-code' : 'resend');
  button.disabled = true;
  $('code-error').hidden = true;
  // Seconds until the server sends another code; the button waits as long.
  let wait = 0;
  try {
    const sent = await signerApi.sendCode();
    $<HTMLInputElement>('code').value = '';
    showCodeForm(t('gate.sent'));
    wait = Math.max(0, Math.ceil((Date.parse(sent.resendAfter) - Date.now()) / 1000));
  } catch (err) {
    if (isGone(err)) return handleError(err);
    if (err instanceof ApiError && err.code === 'rate_limited') {
      // A code went out moments ago (before a reload, say): it still works, so the box stays to type it in.
      wait = err.body?.retryAfterSeconds ?? 30;
      showCodeForm(t('gate.cooldown', { when: inTime(wait) }));
    } else gateNote(messageOf(err), true);
  } finally {
    if ($('code-form').hidden) button.disabled = false;
    else {
      const resend = $<HTMLButtonElement>('resend');
      resend.disabled = wait > 0;
      setTimeout(() => {
        resend.disabled = false;
      }, wait * 1000);
    }
  }
}

async function verifyCode(event: SubmitEvent) {
  event.preventDefault();
  const input = $<HTMLInputElement>('code');
  const code = input.value.replace(/\D/g, '');
  const error = $('code-error');
  if (code.length !== 6) {
    error.textContent = t('gate.sixDigits');
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return;
  }
  const verify = $<HTMLButtonElement>('verify');
  verify.disabled = true;
  try {
    await signerApi.verifyCode(code);
    input.removeAttribute('aria-invalid');
    error.hidden = true;
    await load();
    $('main').focus();
  } catch (err) {
    if (errorCode(err) === 'code_locked') {
      error.hidden = true;
      return load();
    }
    input.setAttribute('aria-invalid', 'true');
    handleError(err, error);
    input.select();
  } finally {
    verify.disabled = false;
  }
}

export function setupGate(): void {
  $('send-code').addEventListener('click', requestCode);
  $('resend').addEventListener('click', requestCode);
  $('code-form').addEventListener('submit', verifyCode);
  const input = $<HTMLInputElement>('code');
  input.addEventListener('input', () => {
    const digits = input.value.replace(/\D/g, '').slice(0, 6);
    if (digits !== input.value) input.value = digits;
  });
}
