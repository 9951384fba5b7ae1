import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { WEB_DIST_DIR } from '@countersign/web/build';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';

export const WEB_APP_BASE = '/app';

/** The app's policy: its own hashed scripts and styles, pdf.js's worker and wasm from /assets, no framing. */
const WEB_APP_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);

/**
 * The public /verify page: the same build's own scripts, and no connection anywhere (connect-src and
 * form-action 'none'), so the PDF it checks cannot leave the browser.
 */
const VERIFY_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
export const VERIFY_PAGE_PATH = '/verify';

interface Asset {
  type: string;
  raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/** Every file of the build, compressed once (brotli and gzip) at first use and kept in memory (~1 MB). */
function loadBuild(dir: string): Map<string, Asset> | null {
  if (!existsSync(path.join(dir, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  for (const file of listFiles(dir)) {
    const ext = path.extname(file);
    const type = TYPES[ext];
    if (!type) continue;
    const raw = readFileSync(file);
    const asset: Asset = { type, raw };
    if (COMPRESSIBLE.has(ext) && raw.length > 512) {
      asset.br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      asset.gzip = gzipSync(raw, { level: 9 });
    }
    assets.set(path.relative(dir, file).split(path.sep).join('/'), asset);
  }
  return assets;
}

function respond(c: Context<AppEnv>, asset: Asset, cacheControl: string, extra: Record<string, string> = {}) {
  const accepts = c.req.header('accept-encoding') ?? '';
  const [body, encoding] =
    asset.br && /\bbr\b/.test(accepts)
      ? [asset.br, 'br']
      : asset.gzip && /\bgzip\b/.test(accepts)
        ? [asset.gzip, 'gzip']
        : [asset.raw, undefined];
  const headers: Record<string, string> = {
    'Content-Type': asset.type,
    'Content-Length': String(body.length),
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  };
  if (asset.gzip) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { headers });
}

/**
 * The web app (apps/web) under /app: hashed files under /app/assets/ are cached for good, everything else
 * under /app is a client route and gets index.html (revalidated every time, so a new release shows at once).
 */
export function registerWebApp(app: OpenAPIHono<AppEnv>, distDir = WEB_DIST_DIR): void {
  let build: Map<string, Asset> | null = null;
  const current = () => {
    build ??= loadBuild(distDir);
    return build;
  };
  const handler = (c: Context<AppEnv>) => {
    const files = current();
    if (!files) {
      return c.text(
        'The web app is not built yet: `pnpm start` builds it (or `pnpm --filter @countersign/web build`).',
        503,
      );
    }
    const rest = c.req.path.slice(WEB_APP_BASE.length).replace(/^\//, '');
    if (rest.startsWith('assets/')) {
      const asset = files.get(rest);
      return asset ? respond(c, asset, 'public, max-age=31536000, immutable') : c.notFound();
    }
    return respond(c, files.get('index.html')!, 'no-cache', {
      'Content-Security-Policy': WEB_APP_CSP,
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    });
  };
  app.get(WEB_APP_BASE, handler);
  app.get(`${WEB_APP_BASE}/*`, handler);
  app.get(VERIFY_PAGE_PATH, (c) => {
    const page = current()?.get('verify.html');
    if (!page) return c.text('The verify page is not built yet: `pnpm start` builds it.', 503);
    return respond(c, page, 'no-cache', {
      'Content-Security-Policy': VERIFY_PAGE_CSP,
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    });
  });
}
