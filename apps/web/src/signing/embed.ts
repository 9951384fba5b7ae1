import { FRAME_ORIGINS } from './page.ts';

/** What the page tells a parent frame (packages/embed turns these into `<countersign-signing>` events). */
export type EmbedEvent =
  | { type: 'ready' }
  | { type: 'signed'; sessionCompleted: boolean }
  | { type: 'completed' }
  | { type: 'declined' }
  | { type: 'error'; code: string; message?: string };

/**
 * Inside a frame, the page tells its parent what happens, to the origins the account allows and no other:
 * postMessage only delivers to a parent whose origin matches the target.
 */
export function embed(event: EmbedEvent): void {
  if (window.parent === window) return;
  for (const origin of FRAME_ORIGINS) window.parent.postMessage({ source: 'countersign', ...event }, origin);
}
