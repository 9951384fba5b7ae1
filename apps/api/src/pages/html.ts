import type { Locale } from '@countersign/schemas';
import { pageDir } from './i18n/index.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values into HTML: every string from a session (title, names) goes through here. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * A server-rendered page from its start to `</head>`: language and direction, the meta tags every page has,
 * its title (already escaped) and its own stylesheet and script tags. `noReferrer` for a page whose address is
 * a secret (a signing link), so that no link on it hands the address on.
 */
export const pageHead = (
  locale: Locale,
  { title, assets, noReferrer = false }: { title: string; assets: string; noReferrer?: boolean },
): string => `<!doctype html>
<html lang="${locale}" dir="${pageDir(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${noReferrer ? '<meta name="referrer" content="no-referrer">\n' : ''}<meta name="color-scheme" content="light">
<link rel="icon" href="data:,">
<title>${title} · Countersign</title>
${assets}
</head>`;

/**
 * The pages' policy (the signing page and the web app): our own scripts and styles only (no inline code, no CDN), data: images for drawn
 * signatures, same-origin fetches and workers for pdf.js, WebAssembly for its image decoders, forms (the language
 * switcher) to this server only, no framing unless the account allows origins (`framedBy`).
 */
export const pageCsp = (frameOrigins: readonly string[] = []) =>
  [
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameOrigins.length ? frameOrigins.join(' ') : "'none'"}`,
  ].join('; ');
