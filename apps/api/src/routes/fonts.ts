import { SIGNATURE_FONT, signatureFontPath } from '@countersign/pdf-engine';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { type Asset, IMMUTABLE, loadAsset, SHORT, serve } from '../pages/static-files.ts';

/** Where the fonts the signed PDF uses are served as web fonts (see docs/signing-text.md). */
export const FONTS_BASE = '/assets/fonts/';

let signature: Asset | undefined;
function signatureAsset(): Asset {
  signature ??= loadAsset(signatureFontPath());
  return signature;
}

/**
 * The typed-signature font (the file the PDF embeds), for the signing page's preview: a URL named
 * by its content, cached for good. `signature.ttf` stays as a short-lived alias.
 */
export function signatureFontUrl(): string {
  return `${FONTS_BASE}signature-${signatureAsset().sha256.slice(0, 16)}.ttf`;
}

export { SIGNATURE_FONT };

export function registerFonts(app: OpenAPIHono<AppEnv>): void {
  app.get(`${FONTS_BASE}:file`, (c) => {
    const name = c.req.param('file');
    if (`${FONTS_BASE}${name}` === signatureFontUrl()) return serve(c, signatureAsset(), IMMUTABLE, true);
    if (name === 'signature.ttf') return serve(c, signatureAsset(), SHORT, true);
    return c.notFound();
  });
}
