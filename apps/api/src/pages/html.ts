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
