import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_COMMAND, SIGNING_SCRIPT } from '@countersign/web/build';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import {
  type Asset,
  compressAsset,
  IMMUTABLE,
  isCompressible,
  loadAsset,
  SHORT,
  serve,
  TYPES,
} from './static-files.ts';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js is served from this server, never a CDN; the version in the path lets browsers cache it for good. */
export const PDFJS_VERSION = (
  JSON.parse(readFileSync(path.join(PDFJS_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
export const PDFJS_BASE = `/assets/pdfjs/${PDFJS_VERSION}/`;
export const PAGE_ASSETS_BASE = '/assets/signing/';

const OWN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

/** Exactly these files (legacy build, plus the data pdf.js fetches: fonts, CMaps, ICC profiles, wasm). */
export function pdfjsFiles(): Map<string, string> {
  const files = new Map<string, string>([
    ['pdf.min.mjs', path.join(PDFJS_DIR, 'legacy/build/pdf.min.mjs')],
    ['pdf.worker.min.mjs', path.join(PDFJS_DIR, 'legacy/build/pdf.worker.min.mjs')],
  ]);
  for (const dir of ['standard_fonts', 'cmaps', 'iccs', 'wasm']) {
    for (const name of readdirSync(path.join(PDFJS_DIR, dir))) {
      if (TYPES[path.extname(name)]) files.set(`${dir}/${name}`, path.join(PDFJS_DIR, dir, name));
    }
  }
  return files;
}

/**
 * The page's stylesheet (here) and its script, built by Vite from apps/web/src/signing: absent until the
 * first build, which `registerPageAssets` insists on.
 */
export function ownFiles(): Map<string, string> {
  const files = new Map(
    readdirSync(OWN_DIR)
      .filter((name) => TYPES[path.extname(name)])
      .map((name) => [name, path.join(OWN_DIR, name)]),
  );
  if (existsSync(SIGNING_SCRIPT)) files.set('signing.js', SIGNING_SCRIPT);
  return files;
}

const hashedName = (name: string, sha256: string) => {
  const ext = path.extname(name);
  return `${name.slice(0, -ext.length)}.${sha256.slice(0, 12)}${ext}`;
};

// Our own files, read once: their hashed names are what the page links to.
const own = new Map<string, Asset>();
const ownByHashedName = new Map<string, Asset>();
for (const [name, file] of ownFiles()) {
  const asset = loadAsset(file);
  own.set(name, asset);
  ownByHashedName.set(hashedName(name, asset.sha256), asset);
}

/** The URL of one of our page assets, named by its content so it can be cached for good. */
export function assetUrl(name: string): string {
  const asset = own.get(name);
  if (!asset) throw new Error(`no page asset ${name}`);
  return `${PAGE_ASSETS_BASE}${hashedName(name, asset.sha256)}`;
}

/** `<countersign-signing>` (packages/embed), for integrators who load it from this server. */
const EMBED_FILE = require.resolve('@countersign/embed');
export const EMBED_SCRIPT_PATH = '/assets/embed/countersign-signing.js';

/**
 * Without its script the signing page cannot sign: the API refuses to start rather than serve a page that
 * hangs. Building is left to `pnpm build` (which `pnpm start`, `pnpm dev` and the tests run): a server may
 * run from a read-only install, and a build at start would hide a deploy that forgot it.
 */
export function assertPageAssetsBuilt(): void {
  if (own.has('signing.js')) return;
  throw new Error(
    `the signing page's script is not built (${SIGNING_SCRIPT} is missing): run \`${BUILD_COMMAND}\` first`,
  );
}

export function registerPageAssets(app: OpenAPIHono<AppEnv>): void {
  assertPageAssetsBuilt();
  // A build newer than the last `pnpm install` has no compressed copies yet: make them now, not at the first
  // signer's request (a failure leaves the file served as it is, as on a first request).
  for (const asset of own.values()) {
    if (!asset.br || !asset.gzip) asset.compressing ??= compressAsset(asset).catch(() => {});
  }
  const embed = loadAsset(EMBED_FILE);
  app.get(EMBED_SCRIPT_PATH, (c) => {
    // Loaded as a module by the integrator's own pages (another origin): module scripts need CORS.
    const res = serve(c, embed, SHORT, true);
    res.headers.set('Access-Control-Allow-Origin', '*');
    return res;
  });
  const pdfjsPaths = pdfjsFiles();
  const pdfjs = new Map<string, Asset>();
  app.get(`${PDFJS_BASE}:file{.+}`, (c) => {
    const name = c.req.param('file') ?? '';
    const file = pdfjsPaths.get(name);
    if (!file) return c.notFound();
    let asset = pdfjs.get(name);
    if (!asset) {
      asset = loadAsset(file);
      pdfjs.set(name, asset);
    }
    return serve(c, asset, IMMUTABLE, isCompressible(name));
  });
  app.get(`${PAGE_ASSETS_BASE}:file`, (c) => {
    const name = c.req.param('file');
    const hashed = ownByHashedName.get(name);
    if (hashed) return serve(c, hashed, IMMUTABLE, true);
    const plain = own.get(name);
    return plain ? serve(c, plain, SHORT, true) : c.notFound();
  });
}
