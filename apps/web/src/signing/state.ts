import type { AdoptedSignature, SigningView } from '@countersign/schemas';

/**
 * The page's states, in one place. The server renders "loading" (or "gone" without this script); every other
 * state is entered through `enter`, mostly from a view of the signer API by `stateOf`.
 */
export type PageState =
  | { kind: 'loading' }
  /** A code is required and this browser has not verified it: nothing of the session is shown. */
  | { kind: 'gate'; view: SigningView }
  /** Everyone signed: the sealed PDFs to download (or "being prepared" until they are stored). */
  | { kind: 'completed'; view: SigningView }
  /** This signer signed; others have not. */
  | { kind: 'signed'; view: SigningView }
  /** A sequential session waits for earlier signers. */
  | { kind: 'waiting'; view: SigningView }
  /** The signer's turn: the document, their fields and the bar. */
  | { kind: 'signing'; view: SigningView }
  | { kind: 'declined' }
  /** The link no longer leads to signing (cancelled, expired, declined, revoked...). */
  | { kind: 'gone'; code: string | undefined; message: string };

/** Which state a view of the signer API puts the page in. */
export function stateOf(view: SigningView): PageState {
  if (view.auth.required && !view.auth.verified) return { kind: 'gate', view };
  if (view.status === 'completed') return { kind: 'completed', view };
  if (view.participant.status === 'signed') return { kind: 'signed', view };
  if (!view.yourTurn) return { kind: 'waiting', view };
  return { kind: 'signing', view };
}

/** Declining is open to any signer who has not signed, their turn or not (once verified). */
export const canDecline = (view: SigningView): boolean =>
  view.status === 'active' &&
  view.participant.status !== 'signed' &&
  (!view.auth.required || view.auth.verified);

/** How the PDF will set a value: the server's own layout (docs/signing-text.md). */
export interface Fit {
  size: number | undefined;
  lines: number | undefined;
}

/** The signer's work in the signing state: what they entered and adopted, and where they are. */
export const work = {
  /** fieldId -> value the signer entered (or the prefill they accepted). */
  values: new Map<string, string>(),
  /** fieldId -> how the PDF will set the value ({ size } in points, { lines }): the server's own layout. */
  fits: new Map<string, Fit>(),
  signature: null as AdoptedSignature | null,
  initials: null as AdoptedSignature | null,
  /** Signature and initials fields the signer tapped to place what they adopted: each one is its own act. */
  placed: new Set<string>(),
  /** Index into fillOrder() of the selected field. */
  current: null as number | null,
  /** The document is drawn once; later states only repaint the fields over it. */
  rendered: false,
  /** Signing is under way: no draft is saved meanwhile. */
  busy: false,
};

let latestView: SigningView | null = null;
let show: (state: PageState) => void = () => {};

/** The page shows each state it enters with this (main.ts). */
export function onEnter(render: (state: PageState) => void): void {
  show = render;
}

/** The one way the page changes state. */
export function enter(next: PageState): void {
  if ('view' in next) latestView = next.view;
  show(next);
}

/** The last view of the signer API: every caller runs after the first load. */
export function view(): SigningView {
  if (!latestView) throw new Error('the signing view is not loaded');
  return latestView;
}

/** The view while it is there (drafts and progress ask before the first load too). */
export const viewIfLoaded = (): SigningView | null => latestView;
