import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js is served from this server, never a CDN; the version in the path lets browsers cache it for good. */
export const PDFJS_VERSION = (
  JSON.parse(readFileSync(path.join(PDFJS_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
export const PDFJS_BASE = `/assets/pdfjs/${PDFJS_VERSION}/`;
export const PAGE_ASSETS_BASE = '/assets/signing/';

const OWN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

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

/** Exactly these files (legacy build, plus the data pdf.js fetches: fonts, CMaps, ICC profiles, wasm). */
function pdfjsFiles(): Map<string, string> {
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

function ownFiles(): Map<string, string> {
  return new Map(
    readdirSync(OWN_DIR)
      .filter((name) => TYPES[path.extname(name)])
      .map((name) => [name, path.join(OWN_DIR, name)]),
  );
}

/** Serves a fixed list of files, read once and kept in memory (a couple of MB at most). */
function staticFiles(files: Map<string, string>, cacheControl: string) {
  const cache = new Map<string, Buffer>();
  return (name: string): Response | null => {
    const file = files.get(name);
    if (!file) return null;
    let body = cache.get(name);
    if (!body) {
      body = readFileSync(file);
      cache.set(name, body);
    }
    return new Response(new Uint8Array(body), {
      headers: {
        'Content-Type': TYPES[path.extname(name)]!,
        'Content-Length': String(body.length),
        'Cache-Control': cacheControl,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
}

export function registerPageAssets(app: OpenAPIHono<AppEnv>): void {
  const pdfjs = staticFiles(pdfjsFiles(), 'public, max-age=31536000, immutable');
  // Our own files change with each release and carry no version: browsers revalidate them often.
  const own = staticFiles(ownFiles(), 'public, max-age=300');
  app.get(`${PDFJS_BASE}:file{.+}`, (c) => pdfjs(c.req.param('file') ?? '') ?? c.notFound());
  app.get(`${PAGE_ASSETS_BASE}:file`, (c) => own(c.req.param('file')) ?? c.notFound());
}
