import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js is served from this server, never a CDN; the version in the path lets browsers cache it for good. */
export const PDFJS_VERSION = (
  JSON.parse(readFileSync(path.join(PDFJS_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
export const PDFJS_BASE = `/assets/pdfjs/${PDFJS_VERSION}/`;
export const PAGE_ASSETS_BASE = '/assets/signing/';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OWN_DIR = path.join(HERE, 'assets');
/** Compressed copies, named by the SHA-256 of what they compress: shared by every process, never stale. */
export const COMPRESSED_CACHE_DIR = path.resolve(HERE, '../../../../node_modules/.cache/countersign-assets');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.pfb': 'application/octet-stream',
  '.bcmap': 'application/octet-stream',
  '.icc': 'application/vnd.iccprofile',
};
/** Worth compressing: text and fonts (CMaps are tiny and already packed). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.wasm', '.ttf', '.pfb', '.icc']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed names of our own files (old bookmarks, tools) are revalidated often. */
export const SHORT = 'public, max-age=300';

export interface Asset {
  body: Buffer;
  type: string;
  sha256: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Under way: the brotli copy (slow at quality 11), written to the cache when done. */
  compressing?: Promise<void>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function cached(sha256: string, encoding: 'br' | 'gz'): Buffer | undefined {
  try {
    return readFileSync(path.join(COMPRESSED_CACHE_DIR, `${sha256}.${encoding}`));
  } catch {
    return undefined;
  }
}

function writeCache(sha256: string, encoding: 'br' | 'gz', data: Buffer): void {
  try {
    mkdirSync(COMPRESSED_CACHE_DIR, { recursive: true });
    const file = path.join(COMPRESSED_CACHE_DIR, `${sha256}.${encoding}`);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch {
    // A read-only install serves from memory only.
  }
}

/** Brotli at its best quality and gzip at 9, off the event loop (zlib's thread pool), kept on disk. */
export async function compressAsset(asset: Asset): Promise<void> {
  asset.gzip ??= cached(asset.sha256, 'gz');
  asset.br ??= cached(asset.sha256, 'br');
  if (!asset.gzip) {
    asset.gzip = await gzip(asset.body, { level: 9 });
    writeCache(asset.sha256, 'gz', asset.gzip);
  }
  if (!asset.br) {
    asset.br = await brotli(asset.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: asset.body.length,
      },
    });
    writeCache(asset.sha256, 'br', asset.br);
  }
}

export function loadAsset(file: string): Asset {
  const body = readFileSync(file);
  const ext = path.extname(file);
  const asset: Asset = { body, type: TYPES[ext]!, sha256: createHash('sha256').update(body).digest('hex') };
  if (COMPRESSIBLE.has(ext)) {
    asset.br = cached(asset.sha256, 'br');
    asset.gzip = cached(asset.sha256, 'gz');
  }
  return asset;
}

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

export function ownFiles(): Map<string, string> {
  return new Map(
    readdirSync(OWN_DIR)
      .filter((name) => TYPES[path.extname(name)])
      .map((name) => [name, path.join(OWN_DIR, name)]),
  );
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

function preferred(accept: string | undefined): ('br' | 'gzip')[] {
  const tokens = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([token]) => token!.trim().toLowerCase()),
  );
  return (['br', 'gzip'] as const).filter((e) => tokens.has(e));
}

/** Content negotiation: brotli, else gzip, else the file itself; a copy still being made is not waited for. */
export function serve(
  c: Context<AppEnv>,
  asset: Asset,
  cacheControl: string,
  compressible: boolean,
): Response {
  let body = asset.body;
  let encoding: string | undefined;
  if (compressible) {
    if ((!asset.br || !asset.gzip) && !asset.compressing) {
      asset.compressing = compressAsset(asset).catch((err) => {
        c.get('deps').logger.warn({ err }, 'asset compression failed');
      });
    }
    for (const e of preferred(c.req.header('accept-encoding'))) {
      const copy = e === 'br' ? asset.br : asset.gzip;
      if (copy) {
        body = copy;
        encoding = e;
        break;
      }
    }
  }
  const headers: Record<string, string> = {
    'Content-Type': asset.type,
    'Content-Length': String(body.length),
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    ETag: `"${asset.sha256.slice(0, 32)}${encoding ? `-${encoding}` : ''}"`,
  };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(new Uint8Array(body), { headers });
}

/** `<countersign-signing>` (packages/embed), for integrators who load it from this server. */
const EMBED_FILE = require.resolve('@countersign/embed');
export const EMBED_SCRIPT_PATH = '/assets/embed/countersign-signing.js';

export function registerPageAssets(app: OpenAPIHono<AppEnv>): void {
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
    return serve(c, asset, IMMUTABLE, COMPRESSIBLE.has(path.extname(name)));
  });
  app.get(`${PAGE_ASSETS_BASE}:file`, (c) => {
    const name = c.req.param('file');
    const hashed = ownByHashedName.get(name);
    if (hashed) return serve(c, hashed, IMMUTABLE, true);
    const plain = own.get(name);
    return plain ? serve(c, plain, SHORT, true) : c.notFound();
  });
}
