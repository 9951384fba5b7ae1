import { $, type Child, el, present } from './dom.ts';

// Where the page speaks: the status card at the top, the alert under it, and the bar's error line.

/** The card at the top: one heading and a sentence, announced politely. */
export function showStatus(kind: string, heading: string, text?: string, ...extra: Child[]): void {
  const box = $('status');
  box.className = `card card-${kind}`;
  box.replaceChildren(el('h2', { text: heading }), ...present([text ? el('p', { text }) : null, ...extra]));
}

/** The status card's heading takes focus, so a screen reader reads the new state first. */
export function focusStatus(): void {
  const heading = $('status').querySelector('h2');
  heading?.setAttribute('tabindex', '-1');
  heading?.focus();
}

export function showAlert(message: string): void {
  const box = $('alert');
  box.textContent = message;
  box.hidden = !message;
}

/** Errors while signing go where the signer is looking: the bar at the bottom, announced (role=alert). */
export function showBarError(message: string): void {
  const box = $('bar-error');
  box.textContent = message;
  box.hidden = !message;
  if (message) box.scrollIntoView({ block: 'nearest' });
}
