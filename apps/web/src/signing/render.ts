import type { SigningView } from '@countersign/schemas';
import { renderBar, tapField } from './bar.ts';
import { renderCompleted } from './completed.ts';
import { renderDocument } from './document.ts';
import { $ } from './dom.ts';
import { embed } from './embed.ts';
import { initValues } from './fields.ts';
import { renderGate } from './gate.ts';
import { hasText, isolate, t } from './i18n.ts';
import { canDecline, type PageState } from './state.ts';
import { focusStatus, showAlert, showStatus } from './status.ts';

// Each state of the page on screen (state.ts lists them): what is shown, hidden, announced and told a frame.

export function show(state: PageState): void {
  if (state.kind === 'loading') return;
  if (state.kind === 'gone') showGone(state.code, state.message);
  else if (state.kind === 'declined') showDeclined();
  else {
    const v = state.view;
    showView(v);
    if (state.kind === 'gate') renderGate(v);
    else if (state.kind === 'completed') renderCompleted(v);
    else if (state.kind === 'signed') {
      showStatus('done', t('state.signed'), t('state.signedText'));
      void renderDocument(v, tapField);
    } else if (state.kind === 'waiting') {
      const names = v.waitingFor.map((w) => isolate(w.name)).join(', ');
      showStatus('wait', t('state.wait'), t('state.waitText', { names: names || t('state.anotherSigner') }));
      void renderDocument(v, tapField);
    } else {
      showStatus('info', v.auth.verified ? t('state.verified') : t('state.ready'), t('state.readyText'));
      initValues();
      void renderDocument(v, tapField);
      renderBar();
    }
  }
}

/** What every state from a view starts from: the header line, the status card, no bar, Decline if open. */
function showView(v: SigningView) {
  showAlert('');
  $('meta').textContent = t('meta.fromFor', {
    sender: isolate(v.senderName),
    name: isolate(v.participant.name),
  });
  $('gate').hidden = true;
  $('status').hidden = false;
  $('bar').hidden = true;
  $('decline-open').hidden = !canDecline(v);
  document.body.classList.remove('with-bar');
}

const hideSigning = () => {
  for (const id of ['gate', 'doc', 'bar', 'decline-open']) $(id).hidden = true;
};

/** The link is over (cancelled, expired, declined, revoked...): say why and show nothing else. */
function showGone(code: string | undefined, fallback: string) {
  hideSigning();
  $('status').hidden = false;
  const known = hasText(`gone.${code}.heading`);
  showStatus(
    'stop',
    known ? t(`gone.${code}.heading`) : t('state.error'),
    known ? t(`gone.${code}.text`) : fallback,
  );
  embed({ type: 'error', code: code ?? 'error' });
  focusStatus();
}

function showDeclined() {
  hideSigning();
  document.body.classList.remove('with-bar');
  showStatus('stop', t('decline.done.heading'), t('decline.done.text'));
  embed({ type: 'declined' });
  focusStatus();
}
