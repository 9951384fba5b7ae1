import { errorCode, isGone, messageOf, signerApi } from './api.ts';
import { $ } from './dom.ts';
import { embed } from './embed.ts';
import { enter, stateOf } from './state.ts';
import { showAlert, showBarError } from './status.ts';

// How the page follows the server: a fresh view picks the state; an error picks a state or a place to say it.

export async function load(): Promise<void> {
  let latest: Awaited<ReturnType<typeof signerApi.view>>;
  try {
    latest = await signerApi.view();
  } catch (err) {
    return handleError(err);
  }
  enter(stateOf(latest));
}

/**
 * A link that is over ends the page; a lost verification goes back to the gate; anything else is said where
 * asked (`where`), else in the bar while signing, else under the status card.
 */
export function handleError(err: unknown, where?: HTMLElement): void {
  if (isGone(err)) {
    enter({ kind: 'gone', code: err.code, message: err.message });
    return;
  }
  if (errorCode(err) === 'verification_required') {
    void load();
    return;
  }
  const message = messageOf(err);
  if (where) {
    where.textContent = message;
    where.hidden = false;
    where.scrollIntoView?.({ block: 'nearest' });
  } else if (!$('bar').hidden) showBarError(message);
  else showAlert(message);
  embed({ type: 'error', code: errorCode(err) ?? 'error', message });
}
