import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';

/**
 * Static files as every page of this server sends them (the signing page's assets, pdf.js, the web app):
 * read once, brotli (quality 11) and gzip copies made off the event loop and kept on disk by content hash, so
 * every process and every restart shares them; content negotiation and caching headers in one place.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Compressed copies, named by the SHA-256 of what they compress: shared by every process, never stale. */
export const COMPRESSED_CACHE_DIR = path.resolve(HERE, '../../../../node_modules/.cache/countersign-assets');

export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.pfb': 'application/octet-stream',
  '.bcmap': 'application/octet-stream',
  '.icc': 'application/vnd.iccprofile',
};
/** Worth compressing: text and uncompressed fonts (CMaps are tiny and already packed; PNG and WOFF2 are). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.wasm',
  '.ttf',
  '.pfb',
  '.icc',
]);
export const isCompressible = (file: string): boolean => COMPRESSIBLE.has(path.extname(file));

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
  const asset: Asset = {
    body,
    type: TYPES[path.extname(file)] ?? 'application/octet-stream',
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  if (isCompressible(file)) {
    asset.br = cached(asset.sha256, 'br');
    asset.gzip = cached(asset.sha256, 'gz');
  }
  return asset;
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
