import { $ } from './dom.ts';

/** What the server rendered for this script (signing-page.ts): the link, where pdf.js is, the branding, words. */
const main = $('main');

export const TOKEN = main.dataset.token ?? '';
/** pdf.js's versioned path on this server. */
export const PDFJS_BASE = main.dataset.pdfjs ?? '';
/** The origins the account lets frame the page (docs/signing-page.md, embedding). */
export const FRAME_ORIGINS = (main.dataset.frameOrigins || '').split(' ').filter(Boolean);

/** The page's language and its catalogue, inlined by the server (apps/api/src/pages/i18n). */
export const { locale: LOCALE, strings: STRINGS } = JSON.parse($('messages').textContent ?? '{}') as {
  locale: string;
  strings: Record<string, string>;
};

let signatureFace: FontFace | undefined;

/** The account's accent colour and the typed signature's font. */
export function applyBranding(): void {
  // The accent is checked for contrast by the API; set through the CSSOM, which the CSP allows.
  if (main.dataset.accent) document.documentElement.style.setProperty('--brand', main.dataset.accent);
  // The typed signature is previewed in the very font the PDF will embed (served by this server). Only
  // declared here: the browser fetches it when text first uses it (a signed typed signature on a page), or
  // loadSignatureFont() when the adopt dialog opens, so it never competes with page 1 for the link.
  if (main.dataset.signatureFont && 'FontFace' in window) {
    signatureFace = new FontFace('Countersign Signature', `url(${main.dataset.signatureFont})`, {
      display: 'swap',
    });
    document.fonts.add(signatureFace);
  }
}

/** Starts fetching the signature font (idempotent): the adopt dialog previews typed signatures in it. */
export function loadSignatureFont(): void {
  signatureFace?.load().catch(() => {});
}
