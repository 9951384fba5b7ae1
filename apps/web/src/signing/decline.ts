import { ApiError, signerApi } from './api.ts';
import { $, enable } from './dom.ts';
import { handleError } from './flow.ts';
import { enter } from './state.ts';

// Declining: open to a signer who has not signed (render.ts shows the button), with an optional reason.

function openDecline() {
  $('decline-error').hidden = true;
  $<HTMLDialogElement>('decline').showModal();
  $('decline-reason').focus();
}

async function decline(event: SubmitEvent) {
  event.preventDefault();
  const reason = $<HTMLTextAreaElement>('decline-reason').value.trim();
  const ok = $<HTMLButtonElement>('decline-ok');
  ok.disabled = true;
  try {
    await signerApi.decline(reason);
    $<HTMLDialogElement>('decline').close();
    enter({ kind: 'declined' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 410) {
      $<HTMLDialogElement>('decline').close();
      return enter({ kind: 'gone', code: err.code, message: err.message });
    }
    handleError(err, $('decline-error'));
  } finally {
    enable(ok);
  }
}

export function setupDecline(): void {
  $('decline-open').addEventListener('click', openDecline);
  $('decline-form').addEventListener('submit', decline);
  $('decline-cancel').addEventListener('click', () => $<HTMLDialogElement>('decline').close());
}
