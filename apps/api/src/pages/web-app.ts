import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST_DIR } from '@countersign/web/build';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { pageCsp } from './html.ts';
import { pageLocale } from './signing-page.ts';
import {
  type Asset,
  compressAsset,
  IMMUTABLE,
  isCompressible,
  loadAsset,
  serve,
  TYPES,
} from './static-files.ts';
import { verifyPageAsset } from './verify-page.ts';

export const WEB_APP_BASE = '/app';

/** The app's policy: the signing page's (its own hashed scripts and styles, pdf.js's worker and wasm), never framed. */
const WEB_APP_CSP = pageCsp();

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

/** Every file of the build, read once; their compressed copies come from the shared cache or are made now. */
async function loadBuild(dir: string): Promise<Map<string, Asset> | null> {
  if (!existsSync(path.join(dir, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  for (const file of listFiles(dir)) {
    if (!TYPES[path.extname(file)]) continue;
    const asset = loadAsset(file);
    // One at a time: a cold cache costs a few seconds of brotli once per build, on zlib's threads.
    if (isCompressible(file) && asset.body.length > 512) await compressAsset(asset);
    assets.set(path.relative(dir, file).split(path.sep).join('/'), asset);
  }
  return assets;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/** Small files go out as they are: compressing them saves less than the headers it adds. */
const send = (
  c: Context<AppEnv>,
  asset: Asset,
  cacheControl: string,
  headers: Record<string, string> = {},
) => {
  const res = serve(c, asset, cacheControl, asset.br !== undefined);
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
};

/**
 * The web app (apps/web) under /app: hashed files under /app/assets/ are cached for good, everything else
 * under /app is a client route and gets index.html (revalidated every time, so a new release shows at once).
 */
export function registerWebApp(app: OpenAPIHono<AppEnv>, distDir = WEB_DIST_DIR): void {
  // Loaded at start when the build is there, else at the first request after it is built.
  let build = loadBuild(distDir);
  build.catch(() => {}); // a failure is answered to the request that awaits it, not left unhandled
  const current = async () => {
    if (!(await build)) build = loadBuild(distDir);
    return build;
  };
  const handler = async (c: Context<AppEnv>) => {
    const files = await current();
    if (!files) {
      return c.text(
        'The web app is not built yet: `pnpm start` builds it (or `pnpm --filter @countersign/web build`).',
        503,
      );
    }
    const rest = c.req.path.slice(WEB_APP_BASE.length).replace(/^\//, '');
    if (rest.startsWith('assets/')) {
      const asset = files.get(rest);
      return asset ? send(c, asset, IMMUTABLE) : c.notFound();
    }
    return send(c, files.get('index.html')!, 'no-cache', {
      'Content-Security-Policy': WEB_APP_CSP,
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    });
  };
  app.get(WEB_APP_BASE, handler);
  app.get(`${WEB_APP_BASE}/*`, handler);
  // In the signing page's languages, chosen as it chooses (?lang=, else Accept-Language, else English).
  app.get(VERIFY_PAGE_PATH, async (c) => {
    const shell = (await current())?.get('verify.html');
    if (!shell) return c.text('The verify page is not built yet: `pnpm start` builds it.', 503);
    return send(c, await verifyPageAsset(shell, pageLocale(c)), 'no-cache', {
      'Content-Security-Policy': VERIFY_PAGE_CSP,
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      Vary: 'Accept-Encoding, Accept-Language',
    });
  });
}
