import { ApiError, messageOf, signerApi } from './api.ts';
import { $ } from './dom.ts';
import { entries } from './fields.ts';
import { handleError } from './flow.ts';
import { t } from './i18n.ts';
import { viewIfLoaded, work } from './state.ts';
import { showBarError } from './status.ts';

// The signer's work saved as they go (PUT /draft) and restored by the view after a reload (fields.ts).

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving: Promise<void> = Promise.resolve();

/** Saves the draft shortly after the last change (one request per pause, never two at once). */
export function saveSoon(): void {
  clearTimeout(saveTimer);
  $('saved').textContent = '';
  saveTimer = setTimeout(() => {
    saving = saving.then(saveDraft);
  }, 500);
}

/** Signing sends everything: a draft still waiting would only be refused. */
export const cancelSave = (): void => clearTimeout(saveTimer);

async function saveDraft() {
  if (!viewIfLoaded()?.yourTurn || work.busy) return;
  const { values, placed } = entries();
  try {
    await signerApi.saveDraft({
      values,
      signature: work.signature,
      initials: work.initials,
      initialed: placed,
    });
    $('saved').textContent = t('bar.saved');
  } catch (err) {
    if (err instanceof ApiError && (err.status === 410 || err.status === 409)) return handleError(err);
    showBarError(t('bar.saveFailed', { reason: messageOf(err) }));
  }
}
